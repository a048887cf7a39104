import { formatCents } from "@/lib/money";
import type { GivingContact } from "./other-ways-to-give";

export interface PledgeDetails extends GivingContact {
  reference: string;
  totalCents: number;
  email: string;
  mailed: boolean;
}

/**
 * After a pledge: how to give it. The same instructions as the email, so nothing depends on the mail
 * arriving. Rendered on the server and returned by the donate action (none of it in the page's JavaScript).
 */
export function PledgeInstructions({ details }: { details: PledgeDetails }) {
  const { address } = details;
  return (
    <div role="status" className="space-y-4 rounded-xl border border-olive-500/40 bg-white p-6 shadow-sm">
      <h2 tabIndex={-1} className="text-2xl font-bold text-olive-700 outline-none">
        Thank you! Your pledge is recorded
      </h2>
      <p>
        Your pledge of <strong>{formatCents(details.totalCents)}</strong> has the reference <strong data-testid="pledge-reference">{details.reference}</strong>.
      </p>
      <p>
        <strong>By check:</strong> make it payable to <strong>{details.legalName}</strong>, write {details.reference} on the memo line, and mail it to:
      </p>
      <address className="rounded-lg bg-sand-100 p-4 font-medium not-italic">
        {details.legalName}
        <br />
        {address.street}
        <br />
        {address.city}, {address.region} {address.postalCode}
      </address>
      <p>
        <strong>At our office:</strong> bring a check or cash to the address above (call{" "}
        <a href={details.phoneHref} className="font-medium underline">
          {details.phone}
        </a>{" "}
        first, {details.phoneHours}).
      </p>
      <p>When your gift arrives we email your receipt to {details.email}.{details.mailed && " We have also emailed you these instructions."}</p>
    </div>
  );
}
