import type { EventPhase } from "./events.queries";

/** What the registration controls need of an event: only these fields travel to the browser. */
export interface RegistrationTarget {
  id: number;
  title: string;
  phase: EventPhase;
  full: boolean;
}

export function registrationTarget(event: { id: number; title: string; phase: EventPhase; spotsLeft: number | null }): RegistrationTarget {
  return { id: event.id, title: event.title, phase: event.phase, full: event.spotsLeft === 0 };
}
