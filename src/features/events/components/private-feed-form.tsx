"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { idleState, refusedFormMark, type FormState } from "@/lib/form-state";
import { memberFeedAction, type FeedChanged } from "../member-feed.actions";
import { alertClasses, LiveStatus } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";

function Submit({ intent, label, pendingLabel }: { intent: "regenerate" | "revoke"; label: string; pendingLabel: string }) {
  const { pending, data } = useFormStatus();
  return (
    <button type="submit" name="intent" value={intent} disabled={pending} className={buttonClasses("setting-change")}>
      {pending && data?.get("intent") === intent ? pendingLabel : label}
    </button>
  );
}

/** The security tab's private calendar address: shown to copy, replaced, or turned off. */
export function PrivateFeedForm({ feedUrl }: { feedUrl: string | null }) {
  const [state, action] = useActionState<FormState<FeedChanged>, FormData>(memberFeedAction, idleState);
  const message = state.status === "success" ? state.data.message : undefined;
  const error = state.status === "error" ? (state.formError ?? Object.values(state.fieldErrors)[0]) : undefined;
  return (
    <form action={action} className="space-y-4">
      <LiveStatus message={message} />
      {error && (
        <div role="alert" {...refusedFormMark} className={alertClasses("error")}>
          {error}
        </div>
      )}
      {feedUrl ? (
        <>
          <div>
            <label htmlFor="private-feed-url" className="font-medium">
              Your private calendar address
            </label>
            <input
              id="private-feed-url"
              readOnly
              value={feedUrl}
              aria-describedby="private-feed-hint"
              className="mt-1 block w-full rounded-md border border-navy-700/40 bg-sand-100 px-3 py-2 font-mono text-sm text-navy-900"
            />
            <p id="private-feed-hint" className="mt-1 text-sm text-navy-700">
              Add it to Google Calendar (Other calendars → From URL), Apple Calendar (New Calendar Subscription) or Outlook
              (Subscribe from web). Keep it to yourself: anyone with it can see your events.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Submit intent="regenerate" label="Get a new address" pendingLabel="Creating..." />
            <Submit intent="revoke" label="Turn off address" pendingLabel="Turning off..." />
          </div>
        </>
      ) : (
        <Submit intent="regenerate" label="Create my private calendar address" pendingLabel="Creating..." />
      )}
    </form>
  );
}
