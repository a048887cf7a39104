"use client";

import { useActionState } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { saveSettingsAction } from "../profile.actions";
import type { SettingKey, SettingsView } from "../profile.schema";
import { LiveStatus } from "@/components/ui/alert";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { useScriptsRunning } from "@/components/forms/use-scripts-running";

export const SETTINGS_SAVED = "Settings saved.";

const GROUPS: Array<{ legend: string; items: Array<{ key: SettingKey; label: string; hint: string }> }> = [
  {
    legend: "Notifications",
    items: [
      {
        key: "emailNotifications",
        label: "Email notifications",
        hint: "A reminder by email the day before each event you registered for. Emails you ask for (confirmations, password resets, orders) always come.",
      },
      { key: "marketingEmails", label: "Marketing emails", hint: "Our newsletter: news, programs and events. We email you a link to confirm it first." },
    ],
  },
];

/** What the "Marketing emails" box's hint says, by the state of the newsletter subscription. */
const MARKETING_HINTS: Record<SettingsView["marketing"], string | undefined> = {
  off: undefined,
  pending: "Waiting for your confirmation: open the link we emailed you and press Confirm. No newsletter is sent until then.",
  subscribed: "You receive our newsletter. Every issue has a link to unsubscribe in one click.",
  unconfirmed: "Confirm your email address first (we sent you a link): then you can choose our newsletter here.",
};

/**
 * Saves on every change when JavaScript runs (the form submits itself), and says so; without it, the
 * 'Save settings' button posts the same form, and only then is there a button.
 */
export function SettingsForm({ settings }: { settings: SettingsView }) {
  const [state, action, pending] = useActionState<FormState<SettingsView>, FormData>(saveSettingsAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const current = state.status === "success" ? state.data : settings;
  const checked = (key: SettingKey) => (state.status === "error" ? state.values[key] === "on" : current[key]);
  const savesAsYouGo = useScriptsRunning();

  return (
    <form ref={formRef} action={action} className="space-y-6">
      <FormAlert ref={alertRef} id="settings-error" message={formMessage(state)} />
      {savesAsYouGo && <p className="text-navy-700">Changes save as you make them.</p>}
      {GROUPS.map((group) => (
        <fieldset key={group.legend} className="space-y-4">
          <legend className="mb-2 text-lg font-bold">{group.legend}</legend>
          {group.items.map((item) => (
            <div key={item.key} className="flex items-start gap-3">
              <input
                id={`settings-${item.key}`}
                name={item.key}
                type="checkbox"
                // Remount on a saved change so the box and its default stay in step after React resets the form.
                key={`${item.key}-${String(checked(item.key))}`}
                defaultChecked={checked(item.key)}
                aria-describedby={`settings-${item.key}-hint`}
                disabled={item.key === "marketingEmails" && current.marketing === "unconfirmed"}
                onChange={() => formRef.current?.requestSubmit()}
                className="mt-1 size-5 shrink-0 accent-olive-600"
              />
              <div>
                <label htmlFor={`settings-${item.key}`} className="font-medium">
                  {item.label}
                </label>
                <p id={`settings-${item.key}-hint`} className="text-sm text-navy-700">
                  {(item.key === "marketingEmails" && MARKETING_HINTS[current.marketing]) || item.hint}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
      ))}
      <LiveStatus id="settings-status" message={state.status === "success" && !pending ? (state.data.notice ?? SETTINGS_SAVED) : undefined} />
      {!savesAsYouGo && (
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-olive-600 px-6 py-3 font-semibold text-white hover:bg-olive-700 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {pending ? "Saving..." : "Save settings"}
        </button>
      )}
    </form>
  );
}
