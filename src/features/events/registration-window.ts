/**
 * Priority registration and member-only events (ADR 0019): when an event opens for which plan, who may
 * register at all, and the sentences that say so. Pure: the registration transaction passes the
 * member's plan (benefitPlan) and its clock; the calendar passes the event and its clock.
 */
import { DateTime } from "luxon";
import { formatMonthDayTimeZone, formatShortDateTimeZone } from "@/lib/time";
import type { PaidPlan } from "@/features/memberships/membership-plans.service";

export const eligibilities = ["everyone", "members", "elite"] as const;
export type Eligibility = (typeof eligibilities)[number];

export const eligibilityLabels: Record<Eligibility, string> = {
  everyone: "Everyone",
  members: "Premium and Elite members",
  elite: "Elite members only",
};

/** The plans allowed to register; null means everyone (Basic included). */
export function allowedPlans(eligibility: Eligibility): readonly PaidPlan[] | null {
  if (eligibility === "members") return ["premium", "elite"];
  if (eligibility === "elite") return ["elite"];
  return null;
}

export interface RegistrationWindow {
  registrationOpensAt: Date | null;
  priorityDays: number | null;
  eligibility: Eligibility;
  timeZone: string;
}

/** When Premium and Elite members may register: `priorityDays` calendar days (same wall time, in the event's zone) before everyone. */
export function priorityOpensAt(event: RegistrationWindow): Date | null {
  if (!event.registrationOpensAt || !event.priorityDays) return null;
  return DateTime.fromJSDate(event.registrationOpensAt, { zone: event.timeZone }).minus({ days: event.priorityDays }).toJSDate();
}

/** When a member on `plan` (null: Basic or no paid membership in force) may register; null means already. */
function opensFor(event: RegistrationWindow, plan: PaidPlan | null): Date | null {
  const general = event.registrationOpensAt;
  if (plan) return priorityOpensAt(event) ?? general;
  return general;
}

/** "Mar 3, 9:00 AM CST" in the event's zone (the year when it is not the year of `now`). */
export function formatOpening(instant: Date, timeZone: string, now: Date): string {
  const sameYear = DateTime.fromJSDate(instant, { zone: timeZone }).year === DateTime.fromJSDate(now, { zone: timeZone }).year;
  return sameYear ? formatMonthDayTimeZone(instant, timeZone) : formatShortDateTimeZone(instant, timeZone);
}

export const ONLY_MEMBERS = "Only Premium and Elite members may register for this event.";
export const ONLY_ELITE = "Only Elite members may register for this event.";

function whoMayRegister(eligibility: Eligibility): string | null {
  if (eligibility === "members") return ONLY_MEMBERS;
  if (eligibility === "elite") return ONLY_ELITE;
  return null;
}

/**
 * Why a member on `plan` may not register at `now`, naming the plans allowed or the opening time;
 * null when they may. Checked inside the registration transaction, with the plan read there.
 */
export function registrationRefusal(event: RegistrationWindow, plan: PaidPlan | null, now: Date): string | null {
  const allowed = allowedPlans(event.eligibility);
  if (allowed && !(plan && allowed.includes(plan))) {
    const upgrade = event.eligibility === "elite" ? "an Elite membership" : "a Premium or Elite membership";
    return `${whoMayRegister(event.eligibility)} It needs ${upgrade} in force.`;
  }
  const opens = opensFor(event, plan);
  if (!opens || opens <= now) return null;
  const at = formatOpening(opens, event.timeZone, now);
  const priority = priorityOpensAt(event);
  if (!plan && priority && priority <= now)
    return `Registration is open to Premium and Elite members only for now; it opens to everyone on ${at}.`;
  return `Registration for this event opens on ${at}.`;
}

/**
 * What the calendar card and the event page say about who may register and from when, e.g.
 * "Opens to Premium and Elite members on Mar 3, 9:00 AM CST; to everyone on Mar 10, 9:00 AM CST."
 * Empty when registration is simply open to everyone.
 */
export function registrationNotes(event: RegistrationWindow, now: Date): string[] {
  const notes: string[] = [];
  const who = whoMayRegister(event.eligibility);
  if (who) notes.push(who);
  const general = event.registrationOpensAt;
  if (!general || general <= now) return notes;
  const generalAt = formatOpening(general, event.timeZone, now);
  const priority = priorityOpensAt(event);
  if (who || !priority) {
    notes.push(`Registration opens on ${generalAt}.`);
  } else if (priority > now) {
    notes.push(`Opens to Premium and Elite members on ${formatOpening(priority, event.timeZone, now)}; to everyone on ${generalAt}.`);
  } else {
    notes.push(`Open to Premium and Elite members now; to everyone on ${generalAt}.`);
  }
  return notes;
}
