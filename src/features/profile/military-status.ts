/** A member's relation to the military, as the profile form asks it and the members desk shows it. Client-safe. */
export const MILITARY_STATUSES = ["active-duty", "veteran", "reserve-guard", "military-family", "civilian"] as const;
export type MilitaryStatus = (typeof MILITARY_STATUSES)[number];

export const MILITARY_STATUS_LABELS: Record<MilitaryStatus, string> = {
  "active-duty": "Active Duty",
  veteran: "Veteran",
  "reserve-guard": "Reserve/Guard",
  "military-family": "Military Family",
  civilian: "Civilian",
};
