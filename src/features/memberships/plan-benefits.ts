export type PaidPlanId = "premium" | "elite";

/**
 * What each paid plan gives (ADR 0019), as the profile's membership tab and the membership receipt
 * say it. Every line is delivered by the pricing and events features; nothing else may be added here
 * until code keeps it.
 */
export const PLAN_BENEFITS: Record<PaidPlanId, readonly string[]> = {
  premium: ["Member pricing in the shop (not on shipping or dues)", "Priority registration: some events open to members before everyone else", "Member-only events"],
  elite: [
    "Member pricing in the shop at the Elite rate (not on shipping or dues)",
    "Priority registration: some events open to members before everyone else",
    "Member-only events, and Elite-only leadership and mentorship events",
  ],
};

