import { inputClass } from "@/components/forms/form-parts";
import { formatCents } from "@/lib/money";
import { CARD_FEE_LABEL, DEFAULT_PRESET_CENTS, MAX_GIFT_CENTS, MIN_GIFT_CENTS, PRESET_GIFTS_CENTS, wholeDollars } from "../donation-amounts";
import { donationLimits, presetValue } from "../donation-fields";
import { AmountLegend, GiftFieldError, GiftFieldset, GiftInput } from "./gift-field-parts";

/**
 * The donate form's fields, rendered on the server: they reach the browser as HTML, not JavaScript. What a
 * refusal changes in them (what was typed, the messages) comes from the small client parts inside.
 */
export interface GiftFieldsProps {
  /** Stripe keys are set: card gifts, one-time or monthly. Otherwise the form records a pledge. */
  cardPayments: boolean;
  /** A signed-in member's name and email. */
  donor: { name: string; email: string };
}

const choiceClass =
  "flex cursor-pointer items-center gap-3 rounded-md border border-navy-700/30 bg-white px-4 py-3 font-semibold has-[:checked]:border-olive-600 has-[:checked]:bg-olive-600/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-olive-700";

const optional = <span className="font-normal text-navy-700">(optional)</span>;
const required = <span aria-hidden="true">*</span>;

/** A labelled text input of the form, with its message beside it. */
function TextField({ name, label, ...input }: React.ComponentProps<typeof GiftInput> & { label: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={`donate-${name}`} className="font-medium">
        {label}
      </label>
      <GiftInput name={name} className={inputClass} {...input} />
      <GiftFieldError name={name} />
    </div>
  );
}

/** Radio buttons side by side; `initial` is chosen until a gift is refused. */
function ChoiceOptions({ name, options, initial, className }: { name: string; options: readonly (readonly [string, string])[]; initial: string; className: string }) {
  return (
    <div className={className}>
      {options.map(([value, label]) => (
        <label key={value} className={choiceClass}>
          <GiftInput type="radio" name={name} value={value} initial={initial} className="size-5 accent-olive-600" />
          {label}
        </label>
      ))}
    </div>
  );
}

/** A group of choices with its legend and message, and what belongs with it (`children`). */
function Choices({ legend, children, ...options }: React.ComponentProps<typeof ChoiceOptions> & { legend: React.ReactNode; children?: React.ReactNode }) {
  return (
    <GiftFieldset errorFor={options.name}>
      <legend className="font-semibold">{legend}</legend>
      <ChoiceOptions {...options} />
      <GiftFieldError name={options.name} />
      {children}
    </GiftFieldset>
  );
}

export function GiftFields({ cardPayments, donor }: GiftFieldsProps) {
  return (
    <>
      {cardPayments && (
        <Choices
          name="payBy"
          legend="How you give"
          options={[
            ["card", "By card, now"],
            ["pledge", "By check or cash (a pledge)"],
          ]}
          initial="card"
          className="mt-2 grid gap-3 sm:grid-cols-2"
        />
      )}

      {cardPayments && (
        <Choices
          name="frequency"
          legend="How often"
          options={[
            ["once", "One-time"],
            ["monthly", "Monthly"],
          ]}
          initial="once"
          className="mt-2 grid grid-cols-2 gap-3"
        />
      )}

      <Choices
        name="amount"
        legend={<AmountLegend />}
        options={[...PRESET_GIFTS_CENTS.map((cents) => [presetValue(cents), wholeDollars(cents)] as const), ["other", "Other amount"]]}
        initial={presetValue(DEFAULT_PRESET_CENTS)}
        className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3"
      >
        <div className="mt-4">
          <label htmlFor="donate-customAmount" className="font-medium">
            Other amount (US dollars)
          </label>
          <div className="relative mt-1 max-w-xs">
            <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-navy-700">
              $
            </span>
            <GiftInput
              name="customAmount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={donationLimits.customAmount}
              hintId="donate-customAmount-hint"
              className={`${inputClass} mt-0 pl-7`}
            />
          </div>
          <p id="donate-customAmount-hint" className="mt-1 text-sm text-navy-700">
            From {formatCents(MIN_GIFT_CENTS)} to {formatCents(MAX_GIFT_CENTS)}, in dollars and cents, like 40 or 40.50.
          </p>
          <GiftFieldError name="customAmount" />
        </div>
      </Choices>

      {cardPayments && (
        <div>
          <div className="flex items-start gap-3">
            <GiftInput id="donate-coverFee" name="coverFee" type="checkbox" value="on" aria-describedby="donate-coverFee-hint" className="mt-1 size-5 accent-olive-600" />
            <label htmlFor="donate-coverFee" className="font-medium">
              Add the card processing fee ({CARD_FEE_LABEL}) so the association receives my whole gift
            </label>
          </div>
          <p id="donate-coverFee-hint" className="mt-1 ml-8 text-sm text-navy-700">
            Stripe keeps {CARD_FEE_LABEL} of each card payment. We add just enough that your whole gift remains: the total is (gift +
            $0.30) ÷ 0.971, rounded up to the cent.
          </p>
        </div>
      )}

      <fieldset className="space-y-4">
        <legend className="font-semibold">Dedicate your gift (optional)</legend>
        <ChoiceOptions
          name="tributeKind"
          options={[
            ["none", "No dedication"],
            ["honor", "In honor of"],
            ["memory", "In memory of"],
          ]}
          initial="none"
          className="grid gap-3 sm:grid-cols-3"
        />
        <GiftFieldError name="tributeKind" />
        <TextField name="tributeName" label="Their name" type="text" maxLength={donationLimits.name} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="tributeNotifyName" label={<>Tell someone: their name {optional}</>} type="text" maxLength={donationLimits.name} />
          <TextField
            name="tributeNotifyEmail"
            label={<>Tell someone: their email {optional}</>}
            type="email"
            maxLength={donationLimits.email}
            hintId="donate-tributeNotify-hint"
          />
        </div>
        <p id="donate-tributeNotify-hint" className="text-sm text-navy-700">
          When your gift is received we email them your name and the dedication, never the amount.
        </p>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Your details (for your receipt)</legend>
        <TextField name="donorName" label={<>Your name {required}</>} type="text" required autoComplete="name" maxLength={donationLimits.name} initial={donor.name} />
        <TextField name="donorEmail" label={<>Your email {required}</>} type="email" required autoComplete="email" maxLength={donationLimits.email} initial={donor.email} />
      </fieldset>
    </>
  );
}

/** The line under the form's button. */
export function GiftFootnote({ cardPayments }: { cardPayments: boolean }) {
  return (
    <p className="text-sm text-navy-700">
      {cardPayments &&
        "By card, you pay on Stripe's secure page (we never see your card number) and your receipt comes by email. A monthly gift is by card only. "}
      A pledge is a one-time gift you give by check or at our office: we email you how, and your receipt once it arrives.
    </p>
  );
}
