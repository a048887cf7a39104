import { isAnonymised } from "@/lib/auth/anonymised";
import { DetailLayout } from "@/components/staff/detail-layout";
import { Fact } from "@/components/staff/facts";
import { HistoryPanel, Panel } from "@/components/staff/staff-ui";
import type { AuditRecord } from "@/lib/audit.service";
import { formatCents } from "@/lib/money";
import type { DeskOrder } from "../../orders-desk.queries";
import { PAYMENT_LABELS } from "../../orders-desk.schema";
import { deskStatus } from "./desk-format";
import { formatShortDateTimeZone } from "@/lib/time";
import { CancelForm, MarkPaidForm, PayLinkForm, PickedUpForm, RefundForm, ShippedForm, UndoPaidForm } from "./order-desk-forms";
import { DESK_PAYMENT_LABELS } from "@/lib/payments/desk-payment";

export const DESK_DONE = ["paid", "paid-undone", "picked-up", "shipped", "cancelled", "refunded", "pay-link"] as const;
export type DeskDone = (typeof DESK_DONE)[number];

const HISTORY_LABELS: Record<string, string> = {
  "order.mark-paid": "Marked paid",
  "order.undo-paid": "Mark paid undone",
  "order.picked-up": "Marked picked up",
  "order.shipped": "Marked shipped",
  "order.cancel": "Canceled",
  "order.release-unpaid": "Canceled: card payment not completed in time",
  "order.refund": "Refunded through Stripe",
  "order.pay-link": "Pay-by-card link emailed",
};

/** The line under a history entry: how a payment was taken, why a mark paid was undone. */
function historyDetail(entry: AuditRecord): string | undefined {
  const after = (entry.after ?? {}) as { method?: string; reason?: string };
  if (entry.action === "order.mark-paid" && after.method && after.method in DESK_PAYMENT_LABELS)
    return `Paid by: ${DESK_PAYMENT_LABELS[after.method as keyof typeof DESK_PAYMENT_LABELS]}`;
  if (entry.action === "order.undo-paid" && after.reason) return `Reason: ${after.reason}`;
  return undefined;
}

/** What the redirect after an action says, only while the order really is in that state. */
function doneMessage(order: DeskOrder, done: DeskDone | undefined): string | undefined {
  const membership = order.lines.some((l) => l.membership) && order.userId;
  if (done === "paid" && order.status === "paid")
    return `Order ${order.number} is marked paid. The buyer was emailed a receipt.${membership ? " Their membership upgrade has started." : ""}`;
  if (done === "paid-undone" && order.status === "awaiting_payment")
    return `Order ${order.number} is awaiting payment again. The buyer was emailed a correction.${membership ? " The membership time it started was taken back." : ""}`;
  if (done === "picked-up" && order.pickedUpAt) return `Order ${order.number} is marked picked up.`;
  if (done === "shipped" && order.shippedAt) return `Order ${order.number} is marked shipped. The buyer was emailed the tracking number.`;
  if (done === "cancelled" && order.status === "cancelled") return `Order ${order.number} is canceled: its items are back in stock and the buyer was emailed.`;
  if (done === "refunded" && order.status === "refunded") return `Order ${order.number} is refunded through Stripe and the buyer was emailed.`;
  if (done === "pay-link" && order.payLinkSentAt) return `A pay-by-card link for order ${order.number} was emailed to ${order.email}.`;
  return undefined;
}

function Actions({ order, cardPayments }: { order: DeskOrder; cardPayments: boolean }) {
  const forms: React.ReactNode[] = [];
  const handedOver = Boolean(order.pickedUpAt || order.shippedAt);
  const payLater = order.status === "awaiting_payment" && order.paymentMethod === "pay_later";
  if (payLater) forms.push(<MarkPaidForm key="paid" orderId={order.id} number={order.number} totalLabel={formatCents(order.totalCents)} />);
  if (payLater && cardPayments) forms.push(<PayLinkForm key="pay-link" orderId={order.id} sentAt={order.payLinkSentAt && formatShortDateTimeZone(order.payLinkSentAt)} />);
  if (payLater && !cardPayments)
    forms.push(
      <p key="pay-link" className="text-sm text-navy-700">
        No pay-by-card link can be sent: card payments are not set up on this site (no Stripe keys). Take the payment at the desk, or agree on one with the buyer by email.
      </p>,
    );
  if (order.status === "paid" && order.fulfilment === "pickup" && !handedOver) forms.push(<PickedUpForm key="pickup" orderId={order.id} />);
  if (order.status === "paid" && order.fulfilment === "shipping" && !handedOver) forms.push(<ShippedForm key="ship" orderId={order.id} />);
  if (order.status === "awaiting_payment") forms.push(<CancelForm key="cancel" orderId={order.id} number={order.number} />);
  if (order.status === "paid" && order.paidByCard && cardPayments)
    forms.push(<RefundForm key="refund" orderId={order.id} number={order.number} totalLabel={formatCents(order.totalCents)} handedOver={handedOver} membership={order.lines.some((l) => l.membership)} />);
  if (order.status === "paid" && !order.paidByCard)
    forms.push(
      <p key="refund" className="text-sm text-navy-700">
        Paid at the desk: a refund is given back at the desk, not through Stripe.
      </p>,
    );
  if (order.status === "paid" && !order.paidByCard && order.paymentMethod === "pay_later" && !handedOver)
    forms.push(<UndoPaidForm key="undo-paid" orderId={order.id} membership={order.lines.some((l) => l.membership) && Boolean(order.userId)} />);
  if (forms.length === 0) {
    const why =
      order.status === "cancelled"
        ? "This order is canceled."
        : order.status === "refunded"
          ? "This order is refunded."
        : order.status === "awaiting_payment"
          ? "Card payment pending: Stripe marks it paid."
          : handedOver
            ? "Done: paid and handed over."
            : "Paid; nothing to hand over.";
    return <p className="text-navy-700">{why}</p>;
  }
  return <div className="space-y-6">{forms}</div>;
}

export function OrderDetail({
  order,
  history,
  done,
  refusal,
  cardPayments,
}: {
  order: DeskOrder;
  history: AuditRecord[];
  done?: DeskDone;
  refusal?: string;
  cardPayments: boolean;
}) {
  return (
    <DetailLayout
      links={[{ href: "/admin/orders", label: "All orders" }]}
      message={doneMessage(order, done)}
      refusal={refusal}
      main={
        <>
          <Panel title="Items" id="items-heading">
            <div className="overflow-x-auto">
              <table className="w-full text-left">
                <caption className="sr-only">Items in order {order.number}</caption>
                <thead>
                  <tr className="border-b border-navy-700/20">
                    <th scope="col" className="py-2 pr-3">Item</th>
                    <th scope="col" className="py-2 pr-3">Quantity</th>
                    <th scope="col" className="py-2 pr-3">Price</th>
                    <th scope="col" className="py-2">Amount</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-navy-700/10">
                  {order.lines.map((line, i) => (
                    <tr key={i}>
                      <td className="py-2 pr-3">
                        {line.name}
                        {line.size && ` (size ${line.size})`}
                        {line.discountLabel && <span className="block text-sm text-navy-700">{line.discountLabel}: −{formatCents(line.unitDiscountCents)} each</span>}
                      </td>
                      <td className="py-2 pr-3">{line.quantity}</td>
                      <td className="py-2 pr-3">{formatCents(line.unitPriceCents)}</td>
                      <td className="py-2">{formatCents(line.unitPriceCents * line.quantity)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="mt-3 border-t border-navy-700/20 pt-2">
              <Fact term="Subtotal">{formatCents(order.subtotalCents)}</Fact>
              {order.discounts.map((d) => (
                <Fact key={d.label} term={d.label}>
                  −{formatCents(d.amountCents)}
                </Fact>
              ))}
              <Fact term="Shipping">{order.shippingCents === 0 ? "Free" : formatCents(order.shippingCents)}</Fact>
              <Fact term="Total">
                <span data-testid="desk-order-total">{formatCents(order.totalCents)}</span>
              </Fact>
            </dl>
          </Panel>
          <HistoryPanel entries={history} labels={HISTORY_LABELS} origin={{ label: "Placed", by: order.contactName, at: order.placedAt }} formatWhen={formatShortDateTimeZone} detail={historyDetail} />
        </>
      }
      side={
        <>
          <Panel title="Status and actions" id="actions-heading">
            <p className="mb-4 text-lg">
              <span className="font-semibold">Status:</span> <span data-testid="desk-order-status">{deskStatus(order)}</span>
            </p>
            <Actions order={order} cardPayments={cardPayments} />
          </Panel>
          <Panel title="Buyer" id="buyer-heading">
            {isAnonymised(order.email) ? (
              // The member deleted their account: the order is kept for the books, without the person.
              <p data-testid="desk-order-anonymised">
                Account deleted by the member: name, email, phone and address were removed. No email about this order is sent.
              </p>
            ) : (
              <dl>
                <Fact term="Name">{order.contactName}</Fact>
                <Fact term="Email">
                  <a href={`mailto:${order.email}`} className="break-all underline underline-offset-2">
                    {order.email}
                  </a>
                </Fact>
                <Fact term="Phone">{order.phone}</Fact>
                <Fact term="Account">{order.userId ? "Member" : "Guest"}</Fact>
              </dl>
            )}
          </Panel>
          <Panel title={order.fulfilment === "pickup" ? "Pickup" : order.fulfilment === "shipping" ? "Shipping" : "Delivery"} id="delivery-heading">
            {order.deliveryLines.length > 0 ? (
              <address className="not-italic">
                {order.deliveryLines.map((line, i) => (
                  <span key={i} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              <p>Nothing to deliver (membership upgrade).</p>
            )}
            <dl className="mt-2">
              {order.pickedUpAt && <Fact term="Picked up">{formatShortDateTimeZone(order.pickedUpAt)}</Fact>}
              {order.shippedAt && <Fact term="Shipped">{formatShortDateTimeZone(order.shippedAt)}</Fact>}
              {order.trackingNumber && <Fact term="Tracking number">{order.trackingNumber}</Fact>}
            </dl>
          </Panel>
          <Panel title="Payment" id="payment-heading">
            <dl>
              <Fact term="Method">{PAYMENT_LABELS[order.paymentMethod]}</Fact>
              <Fact term="Placed">{formatShortDateTimeZone(order.placedAt)}</Fact>
              <Fact term="Paid">{order.paidAt ? formatShortDateTimeZone(order.paidAt) : "Not yet"}</Fact>
              {order.deskPaymentMethod && (
                <Fact term="Paid by">
                  <span data-testid="desk-order-paid-by">{DESK_PAYMENT_LABELS[order.deskPaymentMethod]}</span>
                </Fact>
              )}
              {order.cancelledAt && <Fact term="Canceled">{formatShortDateTimeZone(order.cancelledAt)}</Fact>}
              {order.refundedAt && <Fact term="Refunded">{formatShortDateTimeZone(order.refundedAt)}</Fact>}
            </dl>
          </Panel>
        </>
      }
    />
  );
}
