import { formatShortDateTimeCT } from "@/lib/time";
import { orderSteps, trackingLink, type OrderMilestones } from "../order-progress";

/** The tracking number, linked to the carrier's tracking page when its carrier is certain. */
export function TrackingNumber({ trackingNumber }: { trackingNumber: string }) {
  const link = trackingLink(trackingNumber);
  return (
    <span data-testid="order-tracking">
      Tracking number <strong>{trackingNumber}</strong>
      {link && (
        <>
          {" · "}
          <a href={link.href} rel="noopener noreferrer" className="font-semibold underline underline-offset-4">
            Track it on the {link.carrier} website
          </a>
        </>
      )}
    </span>
  );
}

/** Every step the order has taken, oldest first, with the tracking number beside "Shipped". */
export function OrderProgressList({ order }: { order: OrderMilestones & { trackingNumber: string | null } }) {
  return (
    <ol className="space-y-2" data-testid="order-progress">
      {orderSteps(order).map((step) => (
        <li key={step.kind} className="border-l-4 border-olive-600 pl-3">
          <span className="font-semibold">{step.label}</span>{" "}
          <time dateTime={step.at.toISOString()} className="text-navy-800">
            {formatShortDateTimeCT(step.at)}
          </time>
          {step.kind === "shipped" && order.trackingNumber && (
            // The space keeps the time and the tracking number apart where CSS does not apply (a text browser, a copy-paste).
            <span className="block">
              {" "}
              <TrackingNumber trackingNumber={order.trackingNumber} />
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
