"use client";

import { useActionState } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { saveProfileAction } from "../profile.actions";
import type { ProfileFormValues } from "../profile.queries";
import { MILITARY_STATUSES, MILITARY_STATUS_LABELS } from "../military-status";
import { profileLimits } from "../profile.schema";
import { LiveStatus } from "@/components/ui/alert";
import { fieldProps } from "@/components/ui/field-props";
import { useFormFocus } from "@/components/forms/use-form-focus";

export const PROFILE_SAVED = "Profile saved.";

export function ProfileForm({ email, profile }: { email: string; profile: ProfileFormValues }) {
  const [state, action, pending] = useActionState<FormState<ProfileFormValues>, FormData>(saveProfileAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  // After a failed save the form keeps what was typed; after a good one, what was stored.
  const values: Partial<Record<keyof ProfileFormValues, string>> =
    state.status === "error" ? state.values : state.status === "success" ? state.data : profile;
  const field = (name: keyof ProfileFormValues) => fieldProps("profile", name, errors);

  return (
    <form ref={formRef} action={action} className="space-y-5" noValidate>
      <FormAlert ref={alertRef} id="profile-error" message={formMessage(state)} />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="profile-firstName" className="font-medium">
            First name
          </label>
          <input {...field("firstName")} defaultValue={values.firstName} autoComplete="given-name" maxLength={profileLimits.name} className={inputClass} />
          <FieldError id="profile-firstName-error" message={errors.firstName} />
        </div>
        <div>
          <label htmlFor="profile-lastName" className="font-medium">
            Last name
          </label>
          <input {...field("lastName")} defaultValue={values.lastName} autoComplete="family-name" maxLength={profileLimits.name} className={inputClass} />
          <FieldError id="profile-lastName-error" message={errors.lastName} />
        </div>
      </div>
      <div>
        <label htmlFor="profile-email" className="font-medium">
          Email
        </label>
        <input
          id="profile-email"
          type="email"
          value={email}
          disabled
          readOnly
          aria-describedby="profile-email-hint"
          className={`${inputClass} cursor-not-allowed bg-sand-200 text-navy-800`}
        />
        <p id="profile-email-hint" className="mt-1 text-sm text-navy-700">
          Your sign-in email can&apos;t be changed here.
        </p>
      </div>
      <div>
        <label htmlFor="profile-phone" className="font-medium">
          Phone
        </label>
        <input {...field("phone")} type="tel" defaultValue={values.phone} autoComplete="tel" maxLength={profileLimits.phone} className={inputClass} />
        <FieldError id="profile-phone-error" message={errors.phone} />
      </div>
      <div>
        <label htmlFor="profile-address" className="font-medium">
          Address
        </label>
        <textarea
          {...field("address")}
          defaultValue={values.address}
          autoComplete="street-address"
          rows={3}
          maxLength={profileLimits.address}
          className={inputClass}
        />
        <FieldError id="profile-address-error" message={errors.address} />
      </div>
      <div>
        <label htmlFor="profile-militaryStatus" className="font-medium">
          Military status
        </label>
        {/* key: a select's defaultValue only applies on mount, so remount when the saved value changes. */}
        <select key={values.militaryStatus ?? ""} {...field("militaryStatus")} defaultValue={values.militaryStatus ?? ""} className={inputClass}>
          <option value="">Prefer not to say</option>
          {MILITARY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {MILITARY_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <FieldError id="profile-militaryStatus-error" message={errors.militaryStatus} />
      </div>
      <LiveStatus id="profile-status" message={state.status === "success" && !pending ? PROFILE_SAVED : undefined} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-olive-600 px-6 py-3 font-semibold text-white hover:bg-olive-700 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {pending ? "Saving..." : "Save Profile"}
      </button>
    </form>
  );
}
