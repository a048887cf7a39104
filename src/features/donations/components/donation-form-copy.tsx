import { formatCents } from "@/lib/money";
import { CARD_FEE_LABEL, MAX_GIFT_CENTS, MIN_GIFT_CENTS } from "../donation-amounts";

/** The donate form's fixed wording, rendered on the server: it reaches the browser as HTML, not as JavaScript. */
export interface DonationFormCopy {
  customAmountHint: React.ReactNode;
  coverFeeLabel: React.ReactNode;
  coverFeeHint: React.ReactNode;
  tributeNotifyHint: React.ReactNode;
  footnote: React.ReactNode;
}

export function donationFormCopy(cardPayments: boolean): DonationFormCopy {
  return {
    customAmountHint: `From ${formatCents(MIN_GIFT_CENTS)} to ${formatCents(MAX_GIFT_CENTS)}, in dollars and cents, like 40 or 40.50.`,
    coverFeeLabel: `Add the card processing fee (${CARD_FEE_LABEL}) so the association receives my whole gift`,
    coverFeeHint: `Stripe keeps ${CARD_FEE_LABEL} of each card payment. We add just enough that your whole gift remains: the total is (gift + $0.30) ÷ 0.971, rounded up to the cent.`,
    tributeNotifyHint: "When your gift is received we e-mail them your name and the dedication, never the amount.",
    footnote: (
      <>
        {cardPayments &&
          "By card, you pay on Stripe's secure page (we never see your card number) and your receipt comes by e-mail. A monthly gift is by card only. "}
        A pledge is a one-time gift you give by check or at our office: we e-mail you how, and your receipt once it arrives.
      </>
    ),
  };
}
