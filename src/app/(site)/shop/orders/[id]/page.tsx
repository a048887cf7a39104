import { notFound } from "next/navigation";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { getDb } from "@/db/client";
import { readCartTokenHash } from "@/features/cart/cart-session";
import { getCurrentMember } from "@/lib/auth/session";
import { OrderLinesTable } from "@/features/orders/components/order-lines-table";
import { payOrderAction } from "@/features/orders/orders.actions";
import { getOrderForViewer } from "@/features/orders/orders.queries";
import { payLaterNote } from "@/features/orders/payment-copy";
import { handOverStage, orderHeadline } from "@/features/orders/order-progress";
import { OrderProgressList } from "@/features/orders/components/order-progress-list";
import { hashOpaqueToken, isOpaqueToken } from "@/lib/opaque-token";
import { getStripe } from "@/lib/payments/stripe";

export const dynamic = "force-dynamic";

export const metadata = { title: "Your order", robots: { index: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ payment?: string; pay?: string; key?: string }> };

const paymentNotices: Record<string, string> = {
  success: "Thank you: Stripe has your payment. This page says Paid as soon as Stripe confirms it to us.",
  cancelled: "Payment was canceled. Your order is saved: you can pay now, or contact us if you changed your mind.",
  unavailable: "We could not reach our card processor just now. Your order is saved: please try Pay now again in a moment.",
};

/**
 * The confirmation page: for the member who placed the order, the browser that placed it as a guest,
 * or anyone holding a link emailed about it (`key`, or a pay-by-card link's `pay`).
 */
export default async function OrderPage({ params, searchParams }: Props) {
  const [{ id }, { payment, pay, key }, member, tokenHash] = await Promise.all([params, searchParams, getCurrentMember(), readCartTokenHash()]);
  const payToken = isOpaqueToken(pay) ? pay : undefined;
  const viewKey = typeof key === "string" ? key : undefined;
  const order = await getOrderForViewer(getDb(), id, {
    userId: member?.id,
    tokenHash,
    payLinkHash: payToken && hashOpaqueToken(payToken),
    viewKey,
  });
  if (!order) notFound();
  const notice = payment ? paymentNotices[payment] : undefined;
  const unpaid = order.status === "awaiting_payment";
  const payable = unpaid && (order.paymentMethod === "stripe" || (order.payLinkSent && getStripe() !== null));
  const handOver = handOverStage(order);

  return (
    <>
      <PageHero eyebrow={`Order ${order.number}`} title={orderHeadline(order)} />
      <div className="container-page max-w-3xl space-y-6 py-12">
        {notice && (
          <p role="status" className="rounded-md bg-navy-900 px-4 py-3 text-white">
            {notice}
          </p>
        )}
        <section aria-labelledby="order-status" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
          <h2 id="order-status" className="text-2xl font-bold">
            Order {order.number}: <span data-testid="order-status">{order.statusLabel}</span>
            {handOver && <span data-testid="order-hand-over"> · {handOver}</span>}
          </h2>
          <div className="mt-3">
            <OrderProgressList order={order} />
          </div>
          <p className="mt-3 text-navy-800">
            A confirmation was sent to <strong>{order.email}</strong>.
          </p>
          {unpaid && order.paymentMethod === "pay_later" && !payable && <p className="mt-3">{payLaterNote(order.fulfilment, "page")}</p>}
          {payable && (
            <form action={payOrderAction} className="mt-4">
              <input type="hidden" name="orderId" value={order.id} />
              {payToken && <input type="hidden" name="payToken" value={payToken} />}
              {viewKey && <input type="hidden" name="viewKey" value={viewKey} />}
              <button type="submit" className="rounded-md bg-gold-500 px-5 py-3 font-semibold text-navy-900 hover:bg-gold-400">
                Pay now
              </button>
            </form>
          )}
        </section>

        <section aria-labelledby="order-items" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
          <h2 id="order-items" className="mb-3 text-xl font-bold">
            Items
          </h2>
          <OrderLinesTable order={order} caption={`Items in order ${order.number}`} />
        </section>

        <section aria-labelledby="order-delivery" className="grid gap-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:grid-cols-2">
          <div>
            <h2 id="order-delivery" className="text-xl font-bold">
              {order.fulfilment === "shipping" ? "Shipping to" : order.fulfilment === "pickup" ? "Pickup at" : "Delivery"}
            </h2>
            {order.deliveryLines.length > 0 ? (
              <address className="mt-2 not-italic" data-testid="order-delivery">
                {order.deliveryLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              <p className="mt-2">Nothing to ship: membership upgrades apply to your account.</p>
            )}
          </div>
          <div>
            <h2 className="text-xl font-bold">Contact</h2>
            <p className="mt-2">
              {order.contactName}
              <br />
              {order.email}
              <br />
              {order.phone}
            </p>
          </div>
        </section>

        <div className="flex flex-wrap gap-3">
          <ButtonLink href="/shop" variant="secondary">
            Continue Shopping
          </ButtonLink>
          {member && (
            <ButtonLink href="/profile?tab=orders" variant="outline" className="text-navy-900">
              Your orders
            </ButtonLink>
          )}
        </div>
      </div>
    </>
  );
}
