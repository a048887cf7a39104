/**
 * The spec's upgrades (section 9): sold through the shop's checkout, one year at a time. `benefits`:
 * what each plan gives (ADR 0019), as the profile's membership tab and the membership receipt say it.
 * Every line is delivered by the pricing and events features; nothing else may be added here until code
 * keeps it.
 */
export const MEMBERSHIP_PLANS = {
  premium: {
    name: "Premium Membership",
    shortName: "Premium",
    priceCents: 9900,
    benefits: ["Member pricing in the shop (not on shipping or dues)", "Priority registration: some events open to members before everyone else", "Member-only events"],
  },
  elite: {
    name: "Elite Membership",
    shortName: "Elite",
    priceCents: 19900,
    benefits: [
      "Member pricing in the shop at the Elite rate (not on shipping or dues)",
      "Priority registration: some events open to members before everyone else",
      "Member-only events, and Elite-only leadership and mentorship events",
    ],
  },
} as const;

export type MembershipPlanId = keyof typeof MEMBERSHIP_PLANS;
