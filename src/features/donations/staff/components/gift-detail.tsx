import { DetailLayout } from "@/components/staff/detail-layout";
import { Fact as KitFact } from "@/components/staff/facts";
import Link from "@/components/ui/link";
import type { AuditRecord } from "@/lib/audit.service";
import { HistoryPanel, Panel } from "@/components/staff/staff-ui";
import { formatCents } from "@/lib/money";
import type { DeskGift } from "../../donations-desk.queries";
import { PLAN_STATUS_LABELS, STATUS_LABELS, kindLabel } from "./desk-format";
import { formatShortDateTimeZone } from "@/lib/time";
import { RefundGiftForm, ResendReceiptForm } from "./gift-desk-forms";
import { MarkReceivedForm } from "./mark-received-form";

export const GIFT_DONE = ["refunded", "resent"] as const;
export type GiftDone = (typeof GIFT_DONE)[number];

const HISTORY_LABELS: Record<string, string> = {
  "donation.mark-received": "Marked received",
  "donation.refund": "Refunded through Stripe",
  "donation.resend-receipt": "Receipt emailed again",
};

/** What the redirect after an action says, only while the gift really is in that state. */
function doneMessage(gift: DeskGift, done: GiftDone | undefined): string | undefined {
  if (done === "refunded" && gift.status === "refunded") return `Gift ${gift.reference} is refunded through Stripe. Receipt ${gift.receiptNumber} is void and the donor was emailed.`;
  if (done === "resent" && gift.receiptNumber) return `Receipt ${gift.receiptNumber} was emailed again to ${gift.donorEmail}.`;
  return undefined;
}

/** A row of the gift's facts: the term column is wider than an order's ("Tribute notice to"). */
function Fact(props: { term: string; children: React.ReactNode }) {
  return <KitFact wide {...props} />;
}

function Actions({ gift, cardPayments }: { gift: DeskGift; cardPayments: boolean }) {
  const forms: React.ReactNode[] = [];
  if (gift.status === "pledged") forms.push(<MarkReceivedForm key="received" donationId={gift.id} reference={gift.reference} totalLabel={formatCents(gift.totalCents)} />);
  if (gift.status === "paid" && gift.receiptNumber) forms.push(<ResendReceiptForm key="resend" donationId={gift.id} receiptNumber={gift.receiptNumber} email={gift.donorEmail} />);
  if (gift.status === "paid" && gift.paymentMethod === "stripe" && cardPayments)
    forms.push(<RefundGiftForm key="refund" donationId={gift.id} reference={gift.reference} totalLabel={formatCents(gift.totalCents)} monthly={gift.frequency === "monthly"} />);
  if (gift.status === "paid" && gift.paymentMethod === "stripe" && !cardPayments)
    forms.push(
      <p key="refund" className="text-sm text-navy-700">
        Card payments are not set up on this site (no Stripe keys): refund this gift from the Stripe dashboard.
      </p>,
    );
  if (gift.status === "paid" && gift.paymentMethod === "offline")
    forms.push(
      <p key="refund" className="text-sm text-navy-700">
        Given by check or cash: a refund is given back at the desk, not through Stripe.
      </p>,
    );
  if (forms.length === 0) {
    const why: Record<DeskGift["status"], string> = {
      pending: "Waiting for the card payment on Stripe Checkout: Stripe tells the site when it is paid.",
      expired: "The card payment was not completed: nothing was received.",
      refunded: "Refunded: the receipt is void.",
      paid: "Received.",
      pledged: "Pledged.",
    };
    return <p className="text-navy-700">{why[gift.status]}</p>;
  }
  return <div className="space-y-6">{forms}</div>;
}

export function GiftDetail({
  gift,
  history,
  done,
  refusal,
  cardPayments,
}: {
  gift: DeskGift;
  history: AuditRecord[];
  done?: GiftDone;
  refusal?: string;
  cardPayments: boolean;
}) {
  return (
    <DetailLayout
      links={[{ href: "/admin/donations", label: "All gifts" }]}
      message={doneMessage(gift, done)}
      refusal={refusal}
      main={
        <>
          <Panel title="Gift" id="gift-heading">
            <dl>
              <Fact term="Status">
                <span data-testid="desk-gift-status">{STATUS_LABELS[gift.status]}</span>
              </Fact>
              <Fact term="Amount">
                {formatCents(gift.totalCents)}
                {gift.feeCents > 0 && ` (a gift of ${formatCents(gift.amountCents)} and ${formatCents(gift.feeCents)} to cover the card fee)`}
              </Fact>
              <Fact term="Kind">{kindLabel(gift)}</Fact>
              <Fact term="Receipt number">{gift.receiptNumber ?? "None yet"}</Fact>
              <Fact term="Made">{formatShortDateTimeZone(gift.createdAt)}</Fact>
              <Fact term="Received">{gift.paidAt ? formatShortDateTimeZone(gift.paidAt) : "Not yet"}</Fact>
              {gift.refundedAt && <Fact term="Refunded">{formatShortDateTimeZone(gift.refundedAt)}</Fact>}
              {gift.tribute && <Fact term="Tribute">{gift.tribute}</Fact>}
              {gift.tributeNotify && (
                <Fact term="Tribute notice to">
                  {gift.tributeNotify}
                  {gift.tributeNotifiedAt ? ` (emailed ${formatShortDateTimeZone(gift.tributeNotifiedAt)})` : " (not sent yet)"}
                </Fact>
              )}
              {gift.stripePaymentIntentId && <Fact term="Stripe payment">{gift.stripePaymentIntentId}</Fact>}
              {gift.stripeRefundId && <Fact term="Stripe refund">{gift.stripeRefundId}</Fact>}
            </dl>
          </Panel>
          <HistoryPanel entries={history} labels={HISTORY_LABELS} origin={{ label: "Made", by: gift.donorName, at: gift.createdAt }} formatWhen={formatShortDateTimeZone} />
        </>
      }
      side={
        <>
          <Panel title="Actions" id="actions-heading">
            <Actions gift={gift} cardPayments={cardPayments} />
          </Panel>
          <Panel title="Donor" id="donor-heading">
            <dl>
              <Fact term="Name">{gift.donorName}</Fact>
              <Fact term="Email">
                <a href={`mailto:${gift.donorEmail}`} className="break-all underline underline-offset-2">
                  {gift.donorEmail}
                </a>
              </Fact>
              <Fact term="Account">{gift.userId ? "Member" : "Guest"}</Fact>
            </dl>
            <p className="mt-3">
              <Link href={`/admin/donations?q=${encodeURIComponent(gift.donorEmail)}`} className="underline underline-offset-2">
                All gifts from this address
              </Link>
            </p>
          </Panel>
          {gift.plan && (
            <Panel title="Monthly gift" id="plan-heading">
              <dl>
                <Fact term="Each month">{formatCents(gift.plan.totalCents)}</Fact>
                <Fact term="Status">{PLAN_STATUS_LABELS[gift.plan.status]}</Fact>
                <Fact term="Started">{formatShortDateTimeZone(gift.plan.createdAt)}</Fact>
                {gift.plan.cancelledAt && <Fact term="Ended">{formatShortDateTimeZone(gift.plan.cancelledAt)}</Fact>}
              </dl>
            </Panel>
          )}
        </>
      }
    />
  );
}
