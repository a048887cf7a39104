"use client";

import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { fieldProps } from "@/components/ui/field-props";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { idleState, type FormState } from "@/lib/form-state";
import { checkoutLimits } from "../checkout.fields";
import { checkoutAction, type CheckoutDone } from "../orders.actions";
import { UPDATE_TOTAL_INTENT } from "../checkout.fields";
import { DeliveryChoiceContext, useHydrated, type DeliveryChoice } from "./delivery-choice";

export interface PickupLocation {
  id: number;
  label: string;
}

interface Props {
  idempotencyKey: string;
  expectedSubtotalCents: number;
  /** False when the cart holds only membership upgrades: nothing to ship or collect. */
  needsFulfilment: boolean;
  locations: PickupLocation[];
  defaults: { name: string; email: string; phone: string };
  payment: "pay_later" | "stripe";
  /** The order summary (server-rendered); its totals read the chosen delivery from DeliveryChoiceContext. */
  summary: React.ReactNode;
}

const legendClass = "text-xl font-bold";
const labelClass = "block font-semibold";

/**
 * Checkout. A plain form post without JavaScript; with it, pending text, errors in place and focus on
 * the first problem. Choosing pickup or shipping shows the matching fields with CSS; the summary's totals
 * follow the choice with JavaScript, and without it after "Update total" (a post that only re-renders).
 */
export function CheckoutForm({ idempotencyKey, expectedSubtotalCents, needsFulfilment, locations, defaults, payment, summary }: Props) {
  const [state, action, pending] = useActionState<FormState<CheckoutDone>, FormData>(checkoutAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const field = (name: string) => fieldProps("checkout", name, errors);
  const submitted: DeliveryChoice = values.fulfilment === "shipping" ? "shipping" : "pickup";
  // Reset to what was submitted when a post re-mounts the form (it is keyed by the values).
  const [delivery, setDelivery] = useState<DeliveryChoice>(submitted);
  const hydrated = useHydrated();

  return (
    // Keyed by the submitted values so a failed submit re-mounts with them (a <select> ignores new defaults).
    <DeliveryChoiceContext value={delivery}>
    <form key={JSON.stringify(values)} ref={formRef} action={action} noValidate className="group/checkout grid gap-8 lg:grid-cols-[1fr_22rem]">
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="expectedSubtotalCents" value={expectedSubtotalCents} />
      <div className="flex flex-col gap-8">
        <FormAlert id="checkout-alert" ref={alertRef} message={formMessage(state)} />
        <fieldset className="grid gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
          <legend className={`${legendClass} float-left mb-2`}>Contact details</legend>
          <div className="clear-both">
            <label htmlFor="checkout-name" className={labelClass}>
              Full name
            </label>
            <input {...field("name")} autoComplete="name" maxLength={checkoutLimits.name} defaultValue={values.name ?? defaults.name} className={inputClass} />
            <FieldError id="checkout-name-error" message={errors.name} />
          </div>
          <div>
            <label htmlFor="checkout-email" className={labelClass}>
              Email
            </label>
            <input {...field("email")} type="email" autoComplete="email" maxLength={checkoutLimits.email} defaultValue={values.email ?? defaults.email} className={inputClass} />
            <FieldError id="checkout-email-error" message={errors.email} />
          </div>
          <div>
            <label htmlFor="checkout-phone" className={labelClass}>
              Phone
            </label>
            <input {...field("phone")} type="tel" autoComplete="tel" maxLength={checkoutLimits.phone} defaultValue={values.phone ?? defaults.phone} className={inputClass} />
            <FieldError id="checkout-phone-error" message={errors.phone} />
          </div>
        </fieldset>

        {needsFulfilment && (
          <fieldset className="grid gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10" aria-describedby={errors.fulfilment ? "checkout-fulfilment-error" : undefined}>
            <legend className={`${legendClass} float-left mb-2`}>Delivery</legend>
            <div className="clear-both grid gap-3 sm:grid-cols-2">
              <label className="flex cursor-pointer items-start gap-3 rounded-lg border-2 border-navy-900/20 p-4 has-checked:border-olive-600">
                <input type="radio" id="fulfil-pickup" name="fulfilment" value="pickup" defaultChecked={submitted === "pickup"} onChange={() => setDelivery("pickup")} className="mt-1 size-4 accent-olive-600" />
                <span>
                  <span className="block font-semibold">Pick up at a training location</span>
                  <span className="text-sm text-navy-800">Free</span>
                </span>
              </label>
              <label className="flex cursor-pointer items-start gap-3 rounded-lg border-2 border-navy-900/20 p-4 has-checked:border-olive-600">
                <input type="radio" id="fulfil-shipping" name="fulfilment" value="shipping" defaultChecked={submitted === "shipping"} onChange={() => setDelivery("shipping")} className="mt-1 size-4 accent-olive-600" />
                <span>
                  <span className="block font-semibold">Ship to my address</span>
                  <span className="text-sm text-navy-800">Flat rate $7.95 (US)</span>
                </span>
              </label>
            </div>
            <FieldError id="checkout-fulfilment-error" message={errors.fulfilment} />
            {!hydrated && (
              <p className="text-sm text-navy-800">
                <Button type="submit" name="intent" value={UPDATE_TOTAL_INTENT} variant="quiet" className="mr-3">
                  Update total
                </Button>
                Shows the order summary for the delivery you chose.
              </p>
            )}

            <div className="hidden group-has-[#fulfil-pickup:checked]/checkout:block">
              <label htmlFor="checkout-pickupLocationId" className={labelClass}>
                Pickup location
              </label>
              <select {...field("pickupLocationId")} defaultValue={values.pickupLocationId ?? String(locations[0]?.id ?? "")} className={inputClass}>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.label}
                  </option>
                ))}
              </select>
              <FieldError id="checkout-pickupLocationId-error" message={errors.pickupLocationId} />
            </div>

            <div className="hidden gap-4 group-has-[#fulfil-shipping:checked]/checkout:grid">
              <p className="text-sm text-navy-800">We ship within the United States.</p>
              <div>
                <label htmlFor="checkout-shipLine1" className={labelClass}>
                  Street address
                </label>
                <input {...field("shipLine1")} autoComplete="address-line1" maxLength={checkoutLimits.line} defaultValue={values.shipLine1} className={inputClass} />
                <FieldError id="checkout-shipLine1-error" message={errors.shipLine1} />
              </div>
              <div>
                <label htmlFor="checkout-shipLine2" className={labelClass}>
                  Apartment, suite (optional)
                </label>
                <input {...field("shipLine2")} autoComplete="address-line2" maxLength={checkoutLimits.line} defaultValue={values.shipLine2} className={inputClass} />
              </div>
              <div className="grid gap-4 sm:grid-cols-[1fr_6rem_8rem]">
                <div>
                  <label htmlFor="checkout-shipCity" className={labelClass}>
                    City
                  </label>
                  <input {...field("shipCity")} autoComplete="address-level2" maxLength={checkoutLimits.city} defaultValue={values.shipCity} className={inputClass} />
                  <FieldError id="checkout-shipCity-error" message={errors.shipCity} />
                </div>
                <div>
                  <label htmlFor="checkout-shipRegion" className={labelClass}>
                    State
                  </label>
                  <input {...field("shipRegion")} autoComplete="address-level1" maxLength={checkoutLimits.region} defaultValue={values.shipRegion} className={inputClass} />
                  <FieldError id="checkout-shipRegion-error" message={errors.shipRegion} />
                </div>
                <div>
                  <label htmlFor="checkout-shipPostalCode" className={labelClass}>
                    ZIP code
                  </label>
                  <input {...field("shipPostalCode")} autoComplete="postal-code" inputMode="numeric" maxLength={checkoutLimits.postalCode} defaultValue={values.shipPostalCode} className={inputClass} />
                  <FieldError id="checkout-shipPostalCode-error" message={errors.shipPostalCode} />
                </div>
              </div>
            </div>
          </fieldset>
        )}

        <section aria-labelledby="checkout-payment" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
          <h2 id="checkout-payment" className={legendClass}>
            Payment
          </h2>
          {payment === "stripe" ? (
            <p className="mt-2">You pay by card on Stripe&apos;s secure page after you confirm. Your order is kept for you if you stop there.</p>
          ) : (
            <p className="mt-2">
              <strong>Pay at pickup:</strong> pay by card or cash when you collect your order. For shipped orders we email you
              how to pay and ship once it is paid. Membership upgrades start once paid.
            </p>
          )}
        </section>
      </div>

      <div className="flex flex-col gap-4 lg:sticky lg:top-24 lg:self-start">
        {summary}
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-gold-500 px-5 py-3 text-lg font-semibold text-navy-900 hover:bg-gold-400 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {pending ? "Placing your order…" : payment === "stripe" ? "Confirm and pay" : "Place order"}
        </button>
      </div>
    </form>
    </DeliveryChoiceContext>
  );
}
