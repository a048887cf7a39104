import Link from "@/components/ui/link";
import { site } from "@/lib/site";
import { LegalDocument, PolicyContact } from "./legal-document";

const privacyLastUpdated = "2026-11-23";

/** The privacy policy, in plain language. */
export function PrivacyPolicy() {
  return (
    <LegalDocument
      lastUpdated={privacyLastUpdated}
      summary={
        <ul>
          <li>We collect only what we need to run your account, orders, registrations and messages.</li>
          <li>We never sell or rent your personal information.</li>
          <li>You can see and correct your information, change your email address and delete your account from your profile at any time.</li>
        </ul>
      }
    >
      <h2 id="who-we-are">Who we are</h2>
      <p>
        This policy explains how {site.name} (&ldquo;we&rdquo;, &ldquo;us&rdquo;), a nonprofit organization based in{" "}
        {site.address.city}, {site.address.region}, handles personal information when you use our website, shop, training
        courses and events. It applies to this website and to the information you give us in person at our programs.
      </p>

      <h2 id="what-we-collect">What we collect</h2>
      <h3>Information you give us</h3>
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address and password. Passwords are stored only as a one-way
          hash; we cannot read them. You may also add a phone number, mailing address and military status — all optional. We
          email a link to confirm that your address is yours; until you confirm it, gifts, year-end statements and orders
          placed earlier with that address are not shown in your account.
        </li>
        <li>
          <strong>Orders:</strong> the items you buy, your contact details and your shipping or pickup details. Card payments
          are handled by our payment processor; we never see or store your full card number.
        </li>
        <li>
          <strong>Membership:</strong> your plan, when it started and when it expires, and the renewal reminders we have sent.
          If you choose automatic renewal, our payment processor (Stripe) keeps your card to charge it once a year; we keep
          the yearly amount and Stripe&apos;s reference for it, and you change the card or turn renewal off at any time from
          your membership page.
        </li>
        <li>
          <strong>Donations:</strong> your name, email address, the amount and date of each gift and its receipt number, and,
          if you dedicate a gift, the name you honor and the name and email address of the person you ask us to tell. We
          email that person once, when the gift is received, with your name and the dedication, never the amount. Card gifts
          and monthly gifts are handled by our payment processor (Stripe).
        </li>
        <li>
          <strong>Course and event registrations:</strong> the sessions you sign up for, your place on any waitlist, and
          anything you choose to tell an instructor so they can keep you safe, such as a recent injury.
        </li>
        <li>
          <strong>Messages:</strong> the name, email address, optional phone number, subject, category and message you send
          through our contact form.
        </li>
        <li>
          <strong>Newsletter:</strong> the email address you subscribe with (from the form at the bottom of every page, or
          the &ldquo;Marketing emails&rdquo; setting in your profile, which is the same subscription), when you asked for it
          and when you confirmed it. We keep only a fingerprint (a one-way hash) of the link in the confirmation email, never
          the link itself.
        </li>
        <li>
          <strong>Maps:</strong> the contact page shows a training location&apos;s map only when you press &ldquo;Show map&rdquo;.
          The map comes from Google Maps, so Google then receives your IP address and the address shown; nothing is sent to
          Google before you ask. &ldquo;Directions&rdquo; opens Google Maps in a new tab.
        </li>
      </ul>
      <h3>Information collected automatically</h3>
      <ul>
        <li>
          <strong>Essential cookies</strong> that keep you signed in, remember your cart, and for one minute after you
          use an event&apos;s registration buttons without JavaScript, say what your press did. We do not use advertising or cross-site
          tracking cookies.
        </li>
        <li>
          <strong>Server logs</strong> with your IP address, browser type and the pages you request, which we use to keep the
          site secure and fix problems.
        </li>
      </ul>
      <h3>Information from others</h3>
      <p>
        If you choose to sign in with Google, Google shares your name, email address and profile photo (if you have one)
        with us. We do not receive your Google password or access to your other Google data.
      </p>

      <h2 id="how-we-use-it">How we use it</h2>
      <ul>
        <li>To create and secure your account, including password-reset emails.</li>
        <li>To process orders, course and event registrations, waitlists and refunds, and to send you confirmations.</li>
        <li>To answer your messages. {site.responsePromise}</li>
        <li>
          To send our newsletter, only after you confirmed your address: we email a link to the address you give us, and
          nothing more is sent until you open it and press Confirm (&ldquo;double opt-in&rdquo;). Every newsletter ends with a
          link to unsubscribe in one click, and carries the headers that let your mail app offer its own Unsubscribe button.
        </li>
        <li>To plan better programs, using totals and trends rather than individual profiles.</li>
        <li>To protect our members, the site and the public, and to meet our legal and tax obligations.</li>
      </ul>

      <h2 id="sharing">When we share it</h2>
      <p>We do not sell, rent or trade your personal information. We share it only:</p>
      <ul>
        <li>
          with service providers who help us run the association — payment processing, email delivery and web hosting —
          and only what they need to do that job;
        </li>
        <li>with the instructor or event lead for a session you registered for, who sees the attendee list;</li>
        <li>when the law requires it, or to protect someone&rsquo;s safety; and</li>
        <li>with anyone else only when you ask us to.</li>
      </ul>

      <h2 id="retention">How long we keep it</h2>
      <ul>
        <li>
          Account and profile details: for as long as your account is open. When you delete your account, your profile,
          settings, cart, sign-in sessions and newsletter subscription are deleted at once, and your registrations for events
          to come are cancelled.
        </li>
        <li>
          Order and donation records: seven years, because tax and accounting rules require it. If you delete your account,
          these records are kept with your name, email address, phone number and postal address removed: what was bought or
          given, the amounts, dates and receipt numbers stay.
        </li>
        <li>Contact messages: up to two years, so we can follow up on earlier conversations.</li>
        <li>
          Newsletter: your address while you are subscribed. A sign-up that is not confirmed within 7 days is deleted, and
          unsubscribing removes your address from the list at once. The record that a newsletter was sent to your address
          stays with our other email records.
        </li>
        <li>Server logs: up to 90 days.</li>
      </ul>

      <h2 id="your-choices">Your choices and rights</h2>
      <ul>
        <li>
          <strong>See and correct</strong> your details at any time on your profile page, or ask us for a copy of what we
          hold.
        </li>
        <li>
          <strong>Delete</strong> your account yourself from the Security tab of your profile (you enter your password, or, if
          you sign in with Google only, type your email address), or ask us by email. We keep only what the law requires us
          to keep, as described above, without your name or contact details. Copies of the emails we already sent you stay in
          our email records.
        </li>
        <li>
          <strong>Change your email address</strong> from the Security tab of your profile. We send a link to the new address
          and change nothing until you open it and press Confirm; we then tell your old address that the change was made.
        </li>
        <li>
          <strong>Control email:</strong> unsubscribe from the newsletter with one click, using the link at the end of any
          newsletter or your mail app&rsquo;s Unsubscribe button (no sign-in needed), or by turning off &ldquo;Marketing
          emails&rdquo; in your profile, where you also manage notification settings. Order, registration and security
          emails are still sent because they are part of the service.
        </li>
      </ul>
      <p>
        We answer privacy requests within 30 days and may ask you to confirm your identity first. Depending on where you
        live you may have additional rights under state law; we honor these requests for everyone, wherever you live.
      </p>

      <h2 id="children">Children</h2>
      <p>
        Our website is not directed at children under 13, and we do not knowingly collect their information. Younger
        participants at family-friendly events are registered by a parent or guardian. If you believe a child has given us
        personal information, please contact us and we will delete it.
      </p>

      <h2 id="security">Security</h2>
      <p>
        We use encrypted connections (HTTPS), hashed passwords and access limited to the staff and volunteers who need it.
        No system is perfectly secure; if you notice something that looks wrong, please tell us right away.
      </p>

      <h2 id="changes">Changes to this policy</h2>
      <p>
        When we change this policy we update the date at the top of this page. If a change materially affects how we use
        your information, we will also email account holders before it takes effect.
      </p>

      <h2 id="contact">Contact us</h2>
      <p>
        Questions or requests about your privacy? Write to us, or use our <Link href="/contact">contact form</Link>.
      </p>
      <PolicyContact />
    </LegalDocument>
  );
}
