"use client";

import { createContext, useContext } from "react";
import { FieldError } from "@/components/forms/form-parts";

/**
 * What a refused gift sent back: each field's message and what was typed. The donate form's fields are
 * rendered on the server (they reach the browser as HTML, not JavaScript); these small parts inside them
 * read the refusal from the form around them, with JavaScript and, on the server's answer, without.
 */
export interface GiftFeedback {
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
}

export const noGiftFeedback: GiftFeedback = { errors: {}, values: {} };
export const GiftFeedbackContext = createContext<GiftFeedback>(noGiftFeedback);

/** True once JavaScript runs and "Monthly" is chosen; false without JavaScript, which cannot know. */
export const GiftMonthlyContext = createContext(false);

const errorId = (name: string) => `donate-${name}-error`;

type GiftInputProps = React.InputHTMLAttributes<HTMLInputElement> & { name: string; initial?: string; hintId?: string };

/** An input of the donate form: what was sent once a gift is refused, `initial` until then. */
export function GiftInput({ name, initial = "", hintId, ...input }: GiftInputProps) {
  const { errors, values } = useContext(GiftFeedbackContext);
  // An unticked box is not sent at all: after a refusal, only what was sent is ticked.
  if (input.type === "checkbox") return <input name={name} defaultChecked={values[name] === input.value} {...input} />;
  const sent = values[name] ?? initial;
  if (input.type === "radio") return <input name={name} defaultChecked={sent === input.value} {...input} />;
  const error = errors[name];
  const describedBy = [hintId, error ? errorId(name) : undefined].filter(Boolean).join(" ");
  return <input id={`donate-${name}`} name={name} defaultValue={sent} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...input} />;
}

/** A field's message, once a gift is refused for it. */
export function GiftFieldError({ name }: { name: string }) {
  return <FieldError id={errorId(name)} message={useContext(GiftFeedbackContext).errors[name]} />;
}

/** A group of choices, described by its message once a gift is refused for it. */
export function GiftFieldset({ errorFor, ...fieldset }: React.FieldsetHTMLAttributes<HTMLFieldSetElement> & { errorFor: string }) {
  const { errors } = useContext(GiftFeedbackContext);
  return <fieldset aria-describedby={errors[errorFor] ? errorId(errorFor) : undefined} {...fieldset} />;
}

/**
 * "Amount", or "Amount each month" once JavaScript knows Monthly is chosen: real text, never text hidden
 * by CSS, which text browsers, screen readers without CSS and copy-paste would still read.
 */
export function AmountLegend() {
  return <>Amount{useContext(GiftMonthlyContext) ? " each month" : ""}</>;
}
