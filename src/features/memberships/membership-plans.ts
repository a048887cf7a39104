/** The spec's upgrades (section 9): sold through the shop's checkout, one year at a time. */
export const MEMBERSHIP_PLANS = {
  premium: { name: "Premium Membership", shortName: "Premium", priceCents: 9900 },
  elite: { name: "Elite Membership", shortName: "Elite", priceCents: 19900 },
} as const;

export type MembershipPlanId = keyof typeof MEMBERSHIP_PLANS;
