import { FormError } from "@/lib/form-state";

/** What the membership tab says after an automatic-renewal form came back (?auto-renew=…). */
export const AUTO_RENEW_NOTICES = {
  started: { tone: "success", text: "Automatic renewal is set up. Stripe confirms it in a moment; a confirmation email is on its way." },
  "not-started": { tone: "info", text: "Automatic renewal was not set up: you left Stripe's page before finishing. Nothing was charged." },
  "already-on": { tone: "info", text: "Automatic renewal is already on for your membership." },
  "no-plan": { tone: "error", text: "Automatic renewal is for a Premium or Elite membership: buy one first, then turn it on here." },
  unavailable: { tone: "error", text: "Card payments are not set up on this site, so automatic renewal is not available. Renew at the desk instead." },
  failed: { tone: "error", text: "We could not reach our card processor, so automatic renewal was not set up. Nothing was charged. Please try again in a few minutes." },
  "nothing-to-manage": { tone: "info", text: "There is no automatic renewal to manage on your membership." },
  "portal-failed": { tone: "error", text: "We could not open the card page at our card processor. Please try again in a few minutes." },
} as const;

export type AutoRenewNotice = keyof typeof AUTO_RENEW_NOTICES;

export function parseAutoRenewNotice(value: unknown): AutoRenewNotice | undefined {
  return typeof value === "string" && Object.hasOwn(AUTO_RENEW_NOTICES, value) ? (value as AutoRenewNotice) : undefined;
}

/** A refusal the membership tab explains by its notice. */
export class AutoRenewRefusal extends FormError {
  constructor(readonly notice: AutoRenewNotice) {
    super(AUTO_RENEW_NOTICES[notice].text);
  }
}
