import Link from "@/components/ui/link";
import { site } from "@/lib/site";
import { LegalDocument, LegalTable, PolicyContact } from "./legal-document";

const refundLastUpdated = "2026-11-22";

/** The refund and cancellation policy for merchandise, courses, events, memberships and donations. */
export function RefundPolicy() {
  return (
    <LegalDocument
      lastUpdated={refundLastUpdated}
      summary={
        <ul>
          <li>Merchandise: return unused items within 30 days for a full refund.</li>
          <li>Courses and events: cancel 7 or more days before the start for a full refund.</li>
          <li>If we cancel a session, or you receive military orders, you always get a full refund or a free transfer.</li>
        </ul>
      }
    >
      <h2 id="merchandise">Merchandise</h2>
      <h3>Returns</h3>
      <p>
        You can return any item within <strong>30 days</strong> of delivery or pickup for a full refund of the item price,
        as long as it is unused, unwashed and in its original condition with tags or packaging. Items marked
        &ldquo;final sale&rdquo; and personalized items cannot be returned unless they arrive damaged or faulty.
      </p>
      <h3>How to return an item</h3>
      <ol>
        <li>
          Email <a href={`mailto:${site.email}`}>{site.email}</a> or use our{" "}
          <Link href="/contact?category=shop">contact form</Link> with your order number and the items you want to return.
        </li>
        <li>We reply with return instructions. {site.responsePromise}</li>
        <li>
          Ship the items back to us, or drop them off at our headquarters at {site.address.street}, {site.address.city}{" "}
          ({site.phoneHours}).
        </li>
      </ol>
      <p>
        Return shipping is paid by you unless we sent the wrong item or it arrived damaged. Original shipping charges are
        not refunded, except in those cases.
      </p>
      <h3>Exchanges</h3>
      <p>Need a different size? We exchange unused items within 30 days at no extra charge, subject to stock.</p>
      <h3>Damaged, faulty or wrong items</h3>
      <p>
        Tell us within 30 days and include a photo if you can. We will send a replacement or give you a full refund,
        including shipping — your choice.
      </p>
      <h3>Pay-at-pickup orders</h3>
      <p>
        You can cancel an order you chose to pay at pickup any time before you collect it; nothing has been charged, so there
        is nothing to refund.
      </p>

      <h2 id="courses-and-events">Training courses and events</h2>
      <p>For paid courses and events, refunds depend on how far ahead you cancel, counted from the start of the first session:</p>
      <LegalTable
        caption="Refunds for course and event cancellations"
        head={["When you cancel", "What you receive"]}
        rows={[
          ["7 or more days before the start", "A full refund."],
          ["2 to 6 days before the start", "A 50% refund, or a full credit toward another course within 12 months."],
          [
            "Less than 2 days before the start, or no-show",
            "No refund. You may transfer your seat to someone else if you let us know before the start.",
          ],
        ]}
      />
      <ul>
        <li>
          <strong>Military orders and emergencies:</strong> if you receive deployment, PCS or TDY orders, or have a medical or
          family emergency, we give a full refund or credit whatever the timing. A copy of your orders or a short note is
          enough.
        </li>
        <li>
          <strong>Multi-week programs</strong> (such as 8- and 12-week courses) are refundable under the table above until
          the first session. After that we do not give partial refunds, but we can pause your place until the next
          cohort for a medical reason or military orders.
        </li>
        <li>
          <strong>Free events:</strong> nothing is charged, but please cancel as early as you can (from your account or by contacting us) so the
          next person on the waitlist gets your spot.
        </li>
      </ul>
      <h3>If we cancel or reschedule</h3>
      <p>
        Sometimes we must cancel for safety — lightning, severe weather, extreme heat, a range closure — or because too few
        people registered. We will email you as early as possible and you choose between a full refund and a free transfer
        to another date.
      </p>

      <h2 id="memberships">Memberships</h2>
      <p>
        You can cancel a paid membership plan within <strong>14 days</strong> of joining or renewing for a full refund. After
        14 days we do not give partial refunds; your benefits continue until the end of the term you paid for, and the plan
        will not renew.
      </p>

      <h2 id="donations">Donations</h2>
      <p>
        Donations are generally not refundable, because gifts are put to work in our programs quickly and receipts are
        issued for tax purposes. If you gave by mistake — a wrong amount or a duplicate gift — contact us within 30 days and
        we will make it right.
      </p>

      <h2 id="how-refunds-are-paid">How refunds are paid</h2>
      <p>
        Approved refunds go back to the original payment method within 5 business days of our approval (for returns, of
        receiving the item). Your bank may take up to 10 more business days to show it. Payments made in cash or by check are
        refunded by check.
      </p>

      <h2 id="contact">Questions</h2>
      <p>If something is not covered here, ask us — we will always try to find a fair answer.</p>
      <PolicyContact />
    </LegalDocument>
  );
}
