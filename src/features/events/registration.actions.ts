"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { type FormState } from "@/lib/form-state";
import { kickEmailDelivery } from "@/lib/email/worker";
import { requireMember } from "@/lib/auth/session";
import { eventPath, registerReturnPath } from "./event-paths";
import { eventIdSchema, registrationFormSchema } from "./events.schema";
import { OUTCOME_MESSAGES, postedWithoutJavaScript, rememberOutcome, type RegistrationOutcome } from "./registration-outcome";
import { cancelRegistration, claimOffer, registerForEvent, type CancelResult, type RegisterResult } from "./registration.service";
import { formDataOf } from "@/lib/form-data";

export type RegistrationDone = { message: string };

function registeredOutcome(result: RegisterResult): RegistrationOutcome {
  switch (result.status) {
    case "confirmed":
      return result.already ? "already-registered" : "registered";
    case "waitlisted":
      return result.already ? "already-waitlisted" : "waitlisted";
    case "offered":
      return "already-offered";
  }
}

function cancelledOutcome(result: CancelResult): RegistrationOutcome {
  if (!result.changed) return "nothing-to-cancel";
  switch (result.previous) {
    case "waitlisted":
      return "left-waitlist";
    case "offered":
      return "declined";
    default:
      return "cancelled";
  }
}

/**
 * Register, cancel (a registration, a waitlist place or an offer) and claim an offered seat: one
 * action, the pressed button's `intent` says which. Visitors are sent to sign in first and come back
 * to the event page, one click from finishing. Pressed without JavaScript, a press that did something
 * is answered with a redirect to the page it was made on, which says what it did (registration-outcome.ts).
 */
export async function registrationAction(
  previous: FormState<RegistrationDone>,
  formData: FormData,
): Promise<FormState<RegistrationDone>> {
  const eventId = eventIdSchema.safeParse(formDataOf(formData).get("eventId"));
  const member = await requireMember(eventId.success ? registerReturnPath(eventId.data) : "/calendar");
  let back: { eventId: number; outcome: RegistrationOutcome; returnTo: string } | undefined;
  const state = await formAction(registrationFormSchema, async ({ eventId, intent, returnTo }): Promise<RegistrationDone> => {
    const who = { eventId, userId: member.id };
    const db = getDb();
    let outcome: RegistrationOutcome;
    switch (intent) {
      case "register":
        outcome = registeredOutcome(await registerForEvent(db, { ...who, email: member.email }));
        break;
      case "cancel":
        outcome = cancelledOutcome(await cancelRegistration(db, who));
        break;
      case "claim":
        outcome = (await claimOffer(db, who)).already ? "already-registered" : "claimed";
        break;
    }
    back = { eventId, outcome, returnTo: returnTo ?? eventPath(eventId) };
    return { message: OUTCOME_MESSAGES[outcome] };
  })(previous, formData);
  if (state.status === "success") {
    void kickEmailDelivery();
    revalidatePath("/", "layout"); // spots, the member's state and My Events, wherever the form was
    // redirect() throws, so it comes after formAction (which turns unknown throws into a generic error).
    if (back && (await postedWithoutJavaScript())) {
      await rememberOutcome(back.eventId, back.outcome);
      redirect(back.returnTo);
    }
  }
  return state;
}
