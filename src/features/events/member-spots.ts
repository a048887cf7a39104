import type { MemberRegistration } from "./registration.queries";

/**
 * An event's spots as a member sees them: someone who holds a seat or a place in line is not asked to
 * join the waitlist, so a full event says "Full" to them (the controls say where they stand).
 */
export function spotsSeenBy<E extends { spotsLeft: number | null; spotsLabel: string }>(event: E, registration: MemberRegistration | undefined): E {
  return registration && registration.status !== "none" && event.spotsLeft === 0 ? { ...event, spotsLabel: "Full" } : event;
}
