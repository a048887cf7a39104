"use client";

import { useActionState, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { FieldError, FormAlert, formMessage, inputClass } from "@/features/members/components/form-parts";
import { idleState, type FormState } from "@/lib/form-state";
import { formatCents } from "@/lib/money";
import { donateAction, type DonateResult } from "../donations.actions";
import { DEFAULT_PRESET_CENTS, PRESET_GIFTS_CENTS, giftTotals, wholeDollars } from "../donation-amounts";
import { chosenGift, donationLimits, presetValue } from "../donation-fields";
import type { DonationFormCopy } from "./donation-form-copy";

export interface DonationFormProps {
  /** Stripe keys are set: card gifts, one-time or monthly. Otherwise the form records a pledge. */
  cardPayments: boolean;
  idempotencyKey: string;
  /** A signed-in member's name and e-mail. */
  donor: { name: string; email: string };
  copy: DonationFormCopy;
}

const radioClass = "size-5 accent-olive-600";
const choiceClass =
  "flex cursor-pointer items-center gap-3 rounded-md border border-navy-700/30 bg-white px-4 py-3 font-semibold has-[:checked]:border-olive-600 has-[:checked]:bg-olive-600/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-olive-700";

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

const noSubscription = () => () => {};

const optional = <span className="font-normal text-navy-700">(optional)</span>;
const required = <span aria-hidden="true">*</span>;

/** A labelled text input of the form, with its error beside it. */
function TextField({ name, label, error, hintId, ...input }: React.InputHTMLAttributes<HTMLInputElement> & { name: string; label: React.ReactNode; error?: string; hintId?: string }) {
  const describedBy = [hintId, error ? `donate-${name}-error` : undefined].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={`donate-${name}`} className="font-medium">
        {label}
      </label>
      <input id={`donate-${name}`} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} className={inputClass} {...input} />
      <FieldError id={`donate-${name}-error`} message={error} />
    </div>
  );
}

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

export function DonationForm({ cardPayments, idempotencyKey, donor, copy }: DonationFormProps) {
  const [state, action, pending] = useActionState<FormState<DonateResult>, FormData>(donateAction, idleState);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const [summary, setSummary] = useState<Summary>(() => summarise((name) => values[name] ?? null));
  // The running total is shown only once JavaScript runs: without it, it could not follow the choices.
  const live = useSyncExternalStore(noSubscription, () => true, () => false);
  const value = (name: string, fallback = "") => values[name] ?? fallback;

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

  const described = (name: string, hint?: string) => {
    const ids = [hint, errors[name] ? `donate-${name}-error` : undefined].filter(Boolean).join(" ");
    return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": ids || undefined } as const;
  };
  const chosenAmount = value("amount", values.customAmount ? "other" : presetValue(DEFAULT_PRESET_CENTS));
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

      {cardPayments && (
        <fieldset>
          <legend className="font-semibold">How you give</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {(
              [
                ["card", "By card, now"],
                ["pledge", "By check or cash (a pledge)"],
              ] as const
            ).map(([payBy, label]) => (
              <label key={payBy} className={choiceClass}>
                <input type="radio" name="payBy" value={payBy} defaultChecked={value("payBy", "card") === payBy} className={radioClass} />
                {label}
              </label>
            ))}
          </div>
          <FieldError id="donate-payBy-error" message={errors.payBy} />
        </fieldset>
      )}

      {cardPayments && (
        <fieldset>
          <legend className="font-semibold">How often</legend>
          <div className="mt-2 grid grid-cols-2 gap-3">
            {(["once", "monthly"] as const).map((frequency) => (
              <label key={frequency} className={choiceClass}>
                <input type="radio" name="frequency" value={frequency} defaultChecked={value("frequency", "once") === frequency} className={radioClass} />
                {frequency === "once" ? "One-time" : "Monthly"}
              </label>
            ))}
          </div>
          <FieldError id="donate-frequency-error" message={errors.frequency} />
        </fieldset>
      )}

      <fieldset aria-describedby={errors.amount ? "donate-amount-error" : undefined}>
        <legend className="font-semibold">
          Amount
          {/* Follows the "How often" choice by CSS alone, so it is right without JavaScript too. */}
          <span className="hidden group-has-[input[name=frequency][value=monthly]:checked]/donate:inline"> each month</span>
        </legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {PRESET_GIFTS_CENTS.map((cents) => (
            <label key={cents} className={choiceClass}>
              <input type="radio" name="amount" value={presetValue(cents)} defaultChecked={chosenAmount === presetValue(cents)} className={radioClass} />
              {wholeDollars(cents)}
            </label>
          ))}
          <label className={choiceClass}>
            <input type="radio" name="amount" value="other" defaultChecked={chosenAmount === "other"} className={radioClass} />
            Other amount
          </label>
        </div>
        <FieldError id="donate-amount-error" message={errors.amount} />
        <div className="mt-4">
          <label htmlFor="donate-customAmount" className="font-medium">
            Other amount (US dollars)
          </label>
          <div className="relative mt-1 max-w-xs">
            <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-navy-700">
              $
            </span>
            <input
              id="donate-customAmount"
              name="customAmount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={donationLimits.customAmount}
              defaultValue={value("customAmount")}
              {...described("customAmount", "donate-customAmount-hint")}
              className={`${inputClass} mt-0 pl-7`}
            />
          </div>
          <p id="donate-customAmount-hint" className="mt-1 text-sm text-navy-700">
            {copy.customAmountHint}
          </p>
          <FieldError id="donate-customAmount-error" message={errors.customAmount} />
        </div>
      </fieldset>

      {cardPayments && (
        <div>
          <div className="flex items-start gap-3">
            <input
              id="donate-coverFee"
              name="coverFee"
              type="checkbox"
              value="on"
              defaultChecked={value("coverFee") === "on"}
              aria-describedby="donate-coverFee-hint"
              className="mt-1 size-5 accent-olive-600"
            />
            <label htmlFor="donate-coverFee" className="font-medium">
              {copy.coverFeeLabel}
            </label>
          </div>
          <p id="donate-coverFee-hint" className="mt-1 ml-8 text-sm text-navy-700">
            {copy.coverFeeHint}
          </p>
        </div>
      )}

      <fieldset className="space-y-4">
        <legend className="font-semibold">Dedicate your gift (optional)</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {(
            [
              ["none", "No dedication"],
              ["honor", "In honor of"],
              ["memory", "In memory of"],
            ] as const
          ).map(([kind, label]) => (
            <label key={kind} className={choiceClass}>
              <input type="radio" name="tributeKind" value={kind} defaultChecked={value("tributeKind", "none") === kind} className={radioClass} />
              {label}
            </label>
          ))}
        </div>
        <FieldError id="donate-tributeKind-error" message={errors.tributeKind} />
        <TextField name="tributeName" label="Their name" type="text" maxLength={donationLimits.name} defaultValue={value("tributeName")} error={errors.tributeName} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="tributeNotifyName"
            label={<>Tell someone: their name {optional}</>}
            type="text"
            maxLength={donationLimits.name}
            defaultValue={value("tributeNotifyName")}
            error={errors.tributeNotifyName}
          />
          <TextField
            name="tributeNotifyEmail"
            label={<>Tell someone: their e-mail {optional}</>}
            type="email"
            maxLength={donationLimits.email}
            defaultValue={value("tributeNotifyEmail")}
            error={errors.tributeNotifyEmail}
            hintId="donate-tributeNotify-hint"
          />
        </div>
        <p id="donate-tributeNotify-hint" className="text-sm text-navy-700">
          {copy.tributeNotifyHint}
        </p>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Your details (for your receipt)</legend>
        <TextField
          name="donorName"
          label={<>Your name {required}</>}
          type="text"
          required
          autoComplete="name"
          maxLength={donationLimits.name}
          defaultValue={value("donorName", donor.name)}
          error={errors.donorName}
        />
        <TextField
          name="donorEmail"
          label={<>Your e-mail {required}</>}
          type="email"
          required
          autoComplete="email"
          maxLength={donationLimits.email}
          defaultValue={value("donorEmail", donor.email)}
          error={errors.donorEmail}
        />
      </fieldset>

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
        <p className="text-sm text-navy-700">{copy.footnote}</p>
      </div>
    </form>
  );
}
