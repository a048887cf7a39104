"use client";

import Link from "@/components/ui/link";
import { useActionState, useEffect, useRef, useState } from "react";
import { FieldError, inputClass } from "@/components/forms/form-parts";
import { fieldProps } from "@/components/ui/field-props";
import { idleState, refusedFormMark, type FormState } from "@/lib/form-state";
import { sendContactMessageAction } from "../contact.actions";
import { SPAM_TRAP_LABEL, contactCategories, contactLimits, type ContactCategory } from "../contact.fields";

type Sent = { name: string };

function MessageForm({ defaultCategory, privacyLink, onReset }: { defaultCategory?: ContactCategory; privacyLink: React.ReactNode; onReset: () => void }) {
  const [state, action, pending] = useActionState<FormState<Sent>, FormData>(sendContactMessageAction, idleState);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};

  // Move focus to the first invalid field after a failed submit, or to the confirmation after success.
  useEffect(() => {
    if (state.status === "error") {
      // React resets a form after its action; inputs come back from defaultValue, a <select> does not.
      const category = formRef.current?.elements.namedItem("category");
      if (category instanceof HTMLSelectElement) category.value = state.values.category ?? "";
      formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
    } else if (state.status === "success") {
      successRef.current?.focus();
    }
  }, [state]);

  if (state.status === "success") {
    return (
      <div className="rounded-lg border border-olive-500/40 bg-white p-8 text-center shadow-sm" role="status">
        <h3 ref={successRef} tabIndex={-1} className="text-2xl font-bold text-olive-700 outline-none">
          Message Sent!
        </h3>
        <p className="mt-3 text-navy-800">
          Thank you, {state.data.name}. We respond to every message within 24 hours.
        </p>
        <Link
          href="/contact"
          onClick={(event) => {
            event.preventDefault();
            onReset();
          }}
          className="mt-6 inline-flex rounded-md bg-navy-900 px-5 py-3 font-semibold text-white hover:bg-navy-800"
        >
          Send Another Message
        </Link>
      </div>
    );
  }

  const field = (name: string) => ({ ...fieldProps("contact", name, errors), defaultValue: values[name] });

  return (
    <form ref={formRef} action={action} className="space-y-5" aria-describedby={state.status === "error" && state.formError ? "contact-form-error" : undefined}>
      {state.status === "error" && (
        <div id="contact-form-error" role="alert" {...refusedFormMark} className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
          {state.formError ?? "Please correct the highlighted fields and send again."}
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="font-medium">
            Name <span aria-hidden="true">*</span>
          </label>
          <input {...field("name")} type="text" required maxLength={contactLimits.name} autoComplete="name" className={inputClass} />
          <FieldError id="contact-name-error" message={errors.name} />
        </div>
        <div>
          <label htmlFor="contact-email" className="font-medium">
            Email <span aria-hidden="true">*</span>
          </label>
          <input {...field("email")} type="email" required maxLength={contactLimits.email} autoComplete="email" className={inputClass} />
          <FieldError id="contact-email-error" message={errors.email} />
        </div>
        <div>
          <label htmlFor="contact-phone" className="font-medium">
            Phone <span className="font-normal text-navy-700">(optional)</span>
          </label>
          <input {...field("phone")} type="tel" maxLength={contactLimits.phone} autoComplete="tel" className={inputClass} />
          <FieldError id="contact-phone-error" message={errors.phone} />
        </div>
        <div>
          <label htmlFor="contact-category" className="font-medium">
            Category <span aria-hidden="true">*</span>
          </label>
          <select {...field("category")} defaultValue={values.category ?? defaultCategory ?? ""} required className={inputClass}>
            <option value="" disabled>
              Select a category
            </option>
            {contactCategories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id="contact-category-error" message={errors.category} />
        </div>
      </div>
      <div>
        <label htmlFor="contact-subject" className="font-medium">
          Subject <span aria-hidden="true">*</span>
        </label>
        <input {...field("subject")} type="text" required maxLength={contactLimits.subject} className={inputClass} />
        <FieldError id="contact-subject-error" message={errors.subject} />
      </div>
      <div>
        <label htmlFor="contact-message" className="font-medium">
          Message <span aria-hidden="true">*</span>
        </label>
        <textarea {...field("message")} required rows={6} maxLength={contactLimits.message} className={inputClass} />
        <FieldError id="contact-message-error" message={errors.message} />
      </div>
      {/* Spam trap (see contactSchema): shown only if it was filled in, so whoever filled it can clear it. */}
      {errors.website ? (
        <div>
          <label htmlFor="contact-website" className="font-medium">
            {SPAM_TRAP_LABEL}
          </label>
          <input {...field("website")} type="text" autoComplete="off" className={inputClass} />
          <FieldError id="contact-website-error" message={errors.website} />
        </div>
      ) : (
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{SPAM_TRAP_LABEL}</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
      )}
      <div>
        <div className="flex items-start gap-3">
          <input
            {...field("privacy")}
            defaultChecked={values.privacy === "on"}
            defaultValue={undefined}
            type="checkbox"
            required
            className="mt-1 size-5 accent-olive-600"
          />
          <label htmlFor="contact-privacy">
            I agree to the{" "}
            {privacyLink}{" "}
            and consent to being contacted about my message. <span aria-hidden="true">*</span>
          </label>
        </div>
        <FieldError id="contact-privacy-error" message={errors.privacy} />
      </div>
      <p className="text-sm text-navy-700">
        <span aria-hidden="true">*</span> Required field
      </p>
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-olive-600 px-5 py-3 font-semibold text-white hover:bg-olive-700 disabled:opacity-70 sm:w-auto"
      >
        {pending ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}

export function ContactForm({ defaultCategory, privacyLink }: { defaultCategory?: ContactCategory; privacyLink: React.ReactNode }) {
  // A new key remounts the form with fresh state: that is "Send Another Message".
  const [round, setRound] = useState(0);
  return <MessageForm key={round} defaultCategory={defaultCategory} privacyLink={privacyLink} onReset={() => setRound((n) => n + 1)} />;
}
