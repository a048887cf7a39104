import "server-only";
import { cookies, headers } from "next/headers";
import { siteUrl } from "@/lib/env";
import { NOT_REGISTERED, type MemberRegistration } from "./registration.queries";

/**
 * What a press of a registration button did, as the member is told it, above their state ("You're
 * registered.", "You're number 2 on the waitlist."), which the controls say just below: each adds what
 * comes next and never says the state a second time.
 */
export const OUTCOME_MESSAGES = {
  registered: "Done. A confirmation email with a calendar file is on its way.",
  "already-registered": "You were already registered for this event.",
  waitlisted: "This event is full, so you joined its waitlist. We'll email you if a seat opens up.",
  "already-waitlisted": "You were already on the waitlist.",
  "already-offered": "A seat is already on hold for you: claim it below.",
  "nothing-to-cancel": "There was nothing left to cancel.",
  "left-waitlist": "You have left the waitlist.",
  declined: "You have declined the seat; it goes to the next person on the waitlist.",
  cancelled: "Your registration is canceled and your seat has been released.",
  claimed: "Seat claimed. A confirmation email with a calendar file is on its way.",
} as const;

export type RegistrationOutcome = keyof typeof OUTCOME_MESSAGES;

/**
 * A press without JavaScript is answered with a redirect to the page it was made on (so that reloading
 * that page asks nothing again, and it can be filled from the kept page, ADR 0025); what it did is said
 * there from this cookie, for a minute.
 */
const OUTCOME_COOKIE = "registration-outcome";
const OUTCOME_MAX_AGE_SECONDS = 60;
const OUTCOME_VALUE = /^(\d{1,9})\.([a-z-]{1,40})$/;

/** The browser posted the form itself: the framework's own fetch of an action names it in a header. */
export async function postedWithoutJavaScript(): Promise<boolean> {
  return !(await headers()).has("next-action");
}

export async function rememberOutcome(eventId: number, outcome: RegistrationOutcome): Promise<void> {
  (await cookies()).set(OUTCOME_COOKIE, `${eventId}.${outcome}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: siteUrl().startsWith("https://"),
    path: "/",
    maxAge: OUTCOME_MAX_AGE_SECONDS,
  });
}

/** The outcome the cookie names, when it is one of ours. */
async function rememberedOutcome(): Promise<{ eventId: number; message: string } | undefined> {
  const match = OUTCOME_VALUE.exec((await cookies()).get(OUTCOME_COOKIE)?.value ?? "");
  if (!match || !Object.hasOwn(OUTCOME_MESSAGES, match[2]!)) return undefined;
  return { eventId: Number(match[1]), message: OUTCOME_MESSAGES[match[2] as RegistrationOutcome] };
}

/**
 * Gives each of the member's registrations what their last press without JavaScript did, on the event
 * it was made for.
 */
export async function outcomeAnnouncer(): Promise<(eventId: number, registration: MemberRegistration | undefined) => MemberRegistration> {
  const outcome = await rememberedOutcome();
  return (eventId, registration = NOT_REGISTERED) => (outcome?.eventId === eventId ? { ...registration, announced: outcome.message } : registration);
}
