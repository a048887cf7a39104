import { formatCents } from "@/lib/money";
import { manageAutoRenewAction, startAutoRenewAction } from "../auto-renew.actions";
import { AUTO_RENEW_NOTICES, type AutoRenewNotice } from "../auto-renew-notices";
import type { AutoRenew } from "../auto-renew.service";
import { formatLongDate } from "@/lib/time";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";

const date = (d: Date) => <time dateTime={d.toISOString()}>{formatLongDate(d)}</time>;

function Notice({ notice }: { notice: AutoRenewNotice }) {
  const { tone, text } = AUTO_RENEW_NOTICES[notice];
  return tone === "error" ? (
    <Alert tone="error" className="mb-3">
      {text}
    </Alert>
  ) : (
    <p role="status" className="mb-3 rounded-md border border-olive-600 bg-olive-600/10 p-3 text-olive-700">
      {text}
    </p>
  );
}

/**
 * Automatic yearly renewal by card (ADR 0021) on the membership tab: on, with the next charge and the
 * portal button, or the offer to turn it on at the price the member would pay now. Only with card payments.
 */
export function AutoRenewSection({
  planName,
  renewsOn,
  autoRenew,
  priceCents,
  firstChargeOn,
  notice,
}: {
  planName: string;
  renewsOn: Date;
  autoRenew: AutoRenew | null;
  /** What a year costs this member now (after a verified service discount). */
  priceCents: number;
  /** When the first charge would fall if they turned it on now; null means today. */
  firstChargeOn: Date | null;
  notice?: AutoRenewNotice;
}) {
  return (
    <div id="auto-renew" className="mt-6 border-t border-navy-900/10 pt-6" data-testid="auto-renew">
      <h3 className="text-lg font-bold">Automatic renewal</h3>
      <div className="mt-2">
        {notice && <Notice notice={notice} />}
        {autoRenew?.status === "active" && (
          <p data-testid="auto-renew-state">
            Renews automatically on {date(renewsOn)}: your card will be charged {formatCents(autoRenew.amountCents)} that day, and each year
            after. We email you 30 and 7 days before each charge.
          </p>
        )}
        {autoRenew?.status === "past_due" && (
          <p data-testid="auto-renew-state" className="font-semibold text-red-800">
            Your card was declined for the {formatCents(autoRenew.amountCents)} renewal. Stripe tries it again over the next days; use
            &quot;Manage card or cancel&quot; to give another card.
          </p>
        )}
        {autoRenew ? (
          <form action={manageAutoRenewAction} className="mt-3">
            <button type="submit" className={buttonClasses("setting")}>
              Manage card or cancel
            </button>
            <p className="mt-2 text-sm text-navy-700">Opens Stripe&apos;s secure page for your card and this renewal.</p>
          </form>
        ) : (
          <form action={startAutoRenewAction} className="mt-1">
            <p className="mb-3" data-testid="auto-renew-offer">
              Let your card renew {planName} each year for {formatCents(priceCents)}:{" "}
              {firstChargeOn ? <>the first charge is on {date(firstChargeOn)}, when your current year ends.</> : <>the first charge is today.</>}{" "}
              Cancel at any time; the time you have paid for stays.
            </p>
            <button type="submit" className={buttonClasses("setting")}>
              Renew automatically each year
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
