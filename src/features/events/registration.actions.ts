"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { type FormState } from "@/lib/form-state";
import { kickEmailDelivery } from "@/lib/email/worker";
import { requireMember } from "@/lib/auth/session";
import { registerReturnPath } from "./event-paths";
import { eventIdSchema, registrationFormSchema } from "./events.schema";
import { cancelRegistration, claimOffer, registerForEvent, type CancelResult, type RegisterResult } from "./registration.service";
import { formDataOf } from "@/lib/form-data";

export type RegistrationDone = { message: string };

/**
 * What happened, announced above the member's state ("You're registered.", "You're number 2 on the
 * waitlist."), which the controls say just below it: the message adds what comes next and never says
 * the state a second time.
 */
function registeredMessage(result: RegisterResult): string {
  switch (result.status) {
    case "confirmed":
      return result.already ? "You were already registered for this event." : "Done. A confirmation email with a calendar file is on its way.";
    case "waitlisted":
      return result.already ? "You were already on the waitlist." : "This event is full, so you joined its waitlist. We'll email you if a seat opens up.";
    case "offered":
      return "A seat is already on hold for you: claim it below.";
  }
}

function cancelledMessage(result: CancelResult): string {
  if (!result.changed) return "There was nothing left to cancel.";
  switch (result.previous) {
    case "waitlisted":
      return "You have left the waitlist.";
    case "offered":
      return "You have declined the seat; it goes to the next person on the waitlist.";
    default:
      return "Your registration is canceled and your seat has been released.";
  }
}

/**
 * Register, cancel (a registration, a waitlist place or an offer) and claim an offered seat: one
 * action, the pressed button's `intent` says which. Visitors are sent to sign in first and come back
 * to the event page, one click from finishing.
 */
export async function registrationAction(
  previous: FormState<RegistrationDone>,
  formData: FormData,
): Promise<FormState<RegistrationDone>> {
  const eventId = eventIdSchema.safeParse(formDataOf(formData).get("eventId"));
  const member = await requireMember(eventId.success ? registerReturnPath(eventId.data) : "/calendar");
  const state = await formAction(registrationFormSchema, async ({ eventId, intent }): Promise<RegistrationDone> => {
    const who = { eventId, userId: member.id };
    const db = getDb();
    switch (intent) {
      case "register":
        return { message: registeredMessage(await registerForEvent(db, who)) };
      case "cancel":
        return { message: cancelledMessage(await cancelRegistration(db, who)) };
      case "claim": {
        const { already } = await claimOffer(db, who);
        return {
          message: already ? "You were already registered for this event." : "Seat claimed. A confirmation email with a calendar file is on its way.",
        };
      }
    }
  })(previous, formData);
  if (state.status === "success") {
    void kickEmailDelivery();
    revalidatePath("/", "layout"); // spots, the member's state and My Events, wherever the form was
  }
  return state;
}
