"use client";

import { usePathname } from "next/navigation";
import { useActionState, useEffect, useRef } from "react";
import { useFormStatus } from "react-dom";
import { buttonClasses } from "@/components/ui/button-classes";
import { idleState, refusedFormMark, type FormState } from "@/lib/form-state";
import type { RegistrationIntent } from "../events.schema";
import { registrationAction, type RegistrationDone } from "../registration.actions";
import type { MemberRegistration } from "../registration.queries";
import type { RegistrationTarget } from "../registration-target";
import { alertClasses } from "@/components/ui/alert";
import { PersonalPart } from "@/components/layout/personal-part";
import { useServedState } from "@/components/layout/served-state";
import { REGISTRATION_PART_KINDS } from "../registration-part-kinds";

export type ControlsTone = "light" | "dark";

const pendingLabels: Record<RegistrationIntent, string> = {
  register: "Registering...",
  cancel: "Cancelling...",
  claim: "Claiming...",
};

function Submit({
  intent,
  label,
  title,
  variant,
  className = "",
}: {
  intent: RegistrationIntent;
  label: string;
  title: string;
  variant: "primary" | "olive" | "quiet";
  className?: string;
}) {
  const { pending, data } = useFormStatus();
  const mine = pending && data?.get("intent") === intent;
  const classes = buttonClasses(variant);
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={pending}
      // The visible label first (WCAG 2.5.3), then which event: every card has the same buttons.
      aria-label={mine ? undefined : `${label}: ${title}`}
      className={`${classes} disabled:cursor-not-allowed disabled:opacity-70 ${className}`}
    >
      {mine ? pendingLabels[intent] : label}
    </button>
  );
}

function Situation({ children }: { children: React.ReactNode }) {
  return <p className="font-semibold" data-testid="registration-state">{children}</p>;
}

/**
 * Register Now / Join the Waitlist / Cancel / Claim for one event, as one form whose buttons say what
 * to do. A plain POST without JavaScript; with it, pending labels and an announced result. Where the
 * member stands is a personal part (ADR 0025): a public page may have been filled with theirs.
 */
export function RegistrationControls({
  event: renderedEvent,
  registration: rendered,
  tone = "light",
  returnTo,
}: {
  event: RegistrationTarget;
  registration: MemberRegistration;
  tone?: ControlsTone;
  /** The page to come back to after a press without JavaScript, when it is not just this page's path (a tab's query). */
  returnTo?: string;
}) {
  const part = `${REGISTRATION_PART_KINDS[tone]}:${renderedEvent.id}` as const;
  // The part keeps the event's state too: a kept page made before the event filled up, filled with parts
  // made after, must offer the waitlist both before and after the browser takes it over.
  const registration = useServedState(part, rendered, "registration");
  const event = useServedState(part, renderedEvent, "event");
  const { id: eventId, title: eventTitle, phase, full } = event;
  const pathname = usePathname();
  const [state, action] = useActionState<FormState<RegistrationDone>, FormData>(registrationAction, idleState);
  const alertRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The pressed button is replaced (Register Now → Cancel Registration): focus goes to what happened instead of the page.
  useEffect(() => {
    if (state.status === "error") alertRef.current?.focus();
    else if (state.status === "success") statusRef.current?.focus();
  }, [state]);

  // Without JavaScript the press came back as a redirect, and what it did comes with the member's registration.
  const message = state.status === "success" ? state.data.message : registration.announced;
  const error = state.status === "error" ? (state.formError ?? Object.values(state.fieldErrors)[0]) : undefined;
  const statusClass =
    tone === "dark" ? "rounded-md bg-white/15 p-3 font-medium" : alertClasses("success");
  const quiet = tone === "dark" ? "text-white" : "text-navy-900";

  let body: React.ReactNode;
  if (phase === "cancelled") {
    body = <Situation>This event has been canceled.</Situation>;
  } else if (phase === "ended") {
    body = <Situation>This event has passed.</Situation>;
  } else if (phase === "started") {
    body = (
      <Situation>
        {registration.status === "confirmed" ? "You're registered. " : ""}Registration closed: this event has started.
      </Situation>
    );
  } else {
    switch (registration.status) {
      case "none":
        body = registration.notYet ? (
          <Situation>{registration.notYet}</Situation>
        ) : full ? (
          <Submit intent="register" label="Join the Waitlist" title={eventTitle} variant="primary" />
        ) : (
          <Submit intent="register" label="Register Now" title={eventTitle} variant="primary" />
        );
        break;
      case "confirmed":
        body = (
          <>
            <Situation>You&apos;re registered.</Situation>
            <Submit intent="cancel" label="Cancel Registration" title={eventTitle} variant="quiet" className={quiet} />
          </>
        );
        break;
      case "waitlisted":
        body = (
          <>
            <Situation>You&apos;re number {registration.position} on the waitlist.</Situation>
            <Submit intent="cancel" label="Leave Waitlist" title={eventTitle} variant="quiet" className={quiet} />
          </>
        );
        break;
      case "offered":
        body = (
          <>
            <Situation>
              A seat is on hold for you until <time dateTime={registration.offerExpiresAtIso}>{registration.offerExpiresLabel}</time>.
            </Situation>
            <div className="flex flex-wrap gap-3">
              <Submit intent="claim" label="Claim My Seat" title={eventTitle} variant="primary" />
              <Submit intent="cancel" label="Decline" title={eventTitle} variant="quiet" className={quiet} />
            </div>
          </>
        );
        break;
    }
  }

  return (
    <form action={action} className="flex flex-col items-start gap-3" data-testid="registration">
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="returnTo" value={returnTo ?? pathname} />
      {error && (
        <div ref={alertRef} role="alert" tabIndex={-1} {...refusedFormMark} className={`${alertClasses("error")} outline-none`}>
          {error}
        </div>
      )}
      <PersonalPart name={part} state={{ registration, event }}>
        <p ref={statusRef} role="status" tabIndex={-1} className={message ? statusClass : "sr-only"}>
          {message}
        </p>
        {body}
      </PersonalPart>
    </form>
  );
}
