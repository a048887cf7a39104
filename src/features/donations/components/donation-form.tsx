"use client";

import { useActionState, useEffect, useMemo, useRef, useState } from "react";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { idleState, type FormState } from "@/lib/form-state";
import { formatCents } from "@/lib/money";
import { donateAction, type DonateResult } from "../donations.actions";
import { DEFAULT_PRESET_CENTS, giftTotals } from "../donation-amounts";
import { chosenGift, presetValue } from "../donation-fields";
import { useScriptsRunning } from "@/components/forms/use-scripts-running";
import { GiftFeedbackContext, GiftMonthlyContext, noGiftFeedback } from "./gift-field-parts";

export interface DonationFormProps {
  /** Stripe keys are set: card gifts, one-time or monthly. Otherwise the form records a pledge. */
  cardPayments: boolean;
  idempotencyKey: string;
  /** The fields, rendered on the server (`GiftFields`): they read a refusal from this form. */
  children: React.ReactNode;
  /** The line under the button. */
  footnote: React.ReactNode;
}

interface Summary {
  totalCents: number | null;
  feeCents: number;
  monthly: boolean;
  pledge: boolean;
}

/** What the form would give right now: the line under the form, kept live by JavaScript. */
function summarise(get: (name: string) => FormDataEntryValue | null): Summary {
  const monthly = get("frequency") === "monthly";
  const pledge = get("payBy") === "pledge";
  const gift = chosenGift(get("amount") ?? presetValue(DEFAULT_PRESET_CENTS), get("customAmount"));
  if (!gift.ok) return { totalCents: null, feeCents: 0, monthly, pledge };
  // A check has no card fee: a pledge is the gift alone (as the server records it).
  const totals = giftTotals(gift.cents, !pledge && get("coverFee") === "on");
  return { totalCents: totals.totalCents, feeCents: totals.feeCents, monthly, pledge };
}

const summariseForm = (form: HTMLFormElement) => {
  const data = new FormData(form);
  return summarise((name) => data.get(name));
};

/**
 * React resets a form after its action runs; text inputs come back from their defaultValue, but
 * radios and checkboxes keep the reset state: put back what was submitted.
 */
function restoreChoices(form: HTMLFormElement, values: Record<string, string>) {
  for (const input of Array.from(form.querySelectorAll<HTMLInputElement>("input[type=radio], input[type=checkbox]"))) {
    if (input.type === "radio" && values[input.name] !== undefined) input.checked = values[input.name] === input.value;
    if (input.type === "checkbox") input.checked = values[input.name] === input.value;
  }
}

export function DonationForm({ cardPayments, idempotencyKey, children, footnote }: DonationFormProps) {
  const [state, action, pending] = useActionState<FormState<DonateResult>, FormData>(donateAction, idleState);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const feedback = useMemo(() => (state.status === "error" ? { errors: state.fieldErrors, values: state.values } : noGiftFeedback), [state]);
  const { values } = feedback;
  const [summary, setSummary] = useState<Summary>(() => summarise((name) => values[name] ?? null));
  // The running total is shown only once JavaScript runs: without it, it could not follow the choices.
  const live = useScriptsRunning();

  useEffect(() => {
    if (state.status === "error" && formRef.current) {
      restoreChoices(formRef.current, state.values);
      setSummary(summariseForm(formRef.current));
      const invalid = formRef.current.querySelector<HTMLElement>("[aria-invalid='true']");
      (invalid ?? alertRef.current)?.focus();
    } else if (state.status === "success") {
      doneRef.current?.querySelector<HTMLElement>("h2")?.focus();
    }
  }, [state]);

  if (state.status === "success" && state.data.kind === "pledged") return <div ref={doneRef}>{state.data.instructions}</div>;

  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const target = event.target as HTMLInputElement;
    // Typing an amount chooses "Other amount"; choosing a preset clears what was typed.
    if (target.name === "customAmount" && target.value.trim() !== "") {
      const other = form.querySelector<HTMLInputElement>("input[name=amount][value=other]");
      if (other) other.checked = true;
    }
    if (target.name === "amount" && target.value !== "other") {
      const custom = form.elements.namedItem("customAmount");
      if (custom instanceof HTMLInputElement) custom.value = "";
    }
    setSummary(summariseForm(form));
  };

  const pledging = !cardPayments || summary.pledge;
  // Without JavaScript the label cannot follow the choices above it: a neutral one then.
  const submitLabel = pledging && (live || !cardPayments) ? "Pledge my gift" : !live ? "Continue" : summary.monthly ? "Continue to monthly gift" : "Continue to secure payment";

  return (
    <form ref={formRef} action={action} onChange={onChange} noValidate className="group/donate space-y-8" aria-labelledby="donate-form-title">
      <h2 id="donate-form-title" className="text-2xl font-bold">
        {cardPayments ? "Make a gift" : "Pledge a gift"}
      </h2>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <FormAlert id="donate-alert" ref={alertRef} message={formMessage(state)} />

      <GiftFeedbackContext value={feedback}>
        <GiftMonthlyContext value={live && summary.monthly}>{children}</GiftMonthlyContext>
      </GiftFeedbackContext>

      <div className="space-y-3">
        {live && (
          <p className="min-h-7 text-lg" data-testid="donate-total" aria-live="polite">
            {summary.totalCents !== null && (
              <>
                {summary.monthly ? "Each month you give " : "You give "}
                <strong>{formatCents(summary.totalCents)}</strong>
                {summary.feeCents > 0 && ` (your gift plus ${formatCents(summary.feeCents)} for the card fee)`}
              </>
            )}
          </p>
        )}
        <button type="submit" disabled={pending} className="w-full rounded-md bg-olive-600 px-5 py-3 text-lg font-semibold text-white hover:bg-olive-700 disabled:opacity-70 sm:w-auto">
          {pending ? "One moment..." : submitLabel}
        </button>
        {footnote}
      </div>
    </form>
  );
}
