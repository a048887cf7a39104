import Link from "@/components/ui/link";
import { site } from "@/lib/site";
import { LegalDocument, PolicyContact } from "./legal-document";

const termsLastUpdated = "2026-11-22";

/** The terms of service, in plain language. */
export function TermsOfService() {
  return (
    <LegalDocument
      lastUpdated={termsLastUpdated}
      summary={
        <ul>
          <li>Use the site and our programs lawfully and respectfully, and keep your account secure.</li>
          <li>Training involves physical activity and real risk; follow your instructors and tell them about any limits.</li>
          <li>
            Refunds for orders, courses, events and memberships follow our <Link href="/refund" className="underline underline-offset-4">Refund Policy</Link>.
          </li>
        </ul>
      }
    >
      <h2 id="agreement">Agreeing to these terms</h2>
      <p>
        These terms are an agreement between you and {site.name}, a nonprofit organization in {site.address.city},{" "}
        {site.address.region}. By using this website, creating an account, placing an order or registering for a course or
        event, you agree to them and to our <Link href="/privacy">Privacy Policy</Link>. If you do not agree, please do not
        use the site.
      </p>

      <h2 id="accounts">Your account</h2>
      <ul>
        <li>
          You must be at least 18 years old to create an account. Younger participants, such as teens in our martial arts
          classes, are registered by a parent or guardian, who accepts these terms on their behalf.
        </li>
        <li>Give us accurate information and keep it up to date on your profile page.</li>
        <li>Keep your password private. You are responsible for activity on your account; tell us at once if you suspect misuse.</li>
        <li>We may suspend an account that breaks these terms or puts other members at risk.</li>
      </ul>

      <h2 id="membership">Membership</h2>
      <p>
        A basic membership is free. Paid membership plans are billed once a year at the price shown when you join or renew,
        and their benefits are described on the site. We may change plan benefits or prices for future terms; we will tell
        you before your next renewal. Cancellations follow our <Link href="/refund">Refund Policy</Link>.
      </p>

      <h2 id="training-and-events">Training courses and events</h2>
      <p>
        Firearms, fitness, martial arts, tactical and outdoor training all carry a real risk of injury. By taking part you
        agree that:
      </p>
      <ul>
        <li>you are physically able to take part, and you have checked with a doctor if you have any doubt;</li>
        <li>you will sign the participation waiver for your course before it begins;</li>
        <li>
          you will follow the instructions of instructors and range safety officers at all times — they may stop a drill or
          remove anyone whose behavior is unsafe, without a refund;
        </li>
        <li>you will not take part under the influence of alcohol or drugs; and</li>
        <li>
          you are responsible for complying with federal, state and local law when you own, carry or transport a firearm or
          ammunition to and from a course.
        </li>
      </ul>
      <p>
        Course content, instructors, locations and times may change. If we cancel or reschedule a session you will be
        offered a refund or a transfer, as described in our <Link href="/refund">Refund Policy</Link>. We sometimes photograph community events; let the
        event lead know if you would prefer not to appear in photos.
      </p>

      <h2 id="shop">Shop orders</h2>
      <ul>
        <li>Prices are in U.S. dollars. Any applicable sales tax and shipping are shown before you confirm your order.</li>
        <li>Stock is limited. Your order is confirmed when you receive our confirmation email.</li>
        <li>
          If we made a mistake in a price or description, or an item is no longer available, we will tell you and cancel or
          adjust that part of the order with a full refund.
        </li>
        <li>Orders you choose to pay at pickup are held for you; you can cancel them any time before you collect them.</li>
      </ul>

      <h2 id="donations">Donations</h2>
      <p>
        Donations support our programs for service members, veterans and their families. We send a receipt for every gift
        for your tax records. See our <Link href="/refund">Refund Policy</Link> if a gift was made in error.
      </p>

      <h2 id="acceptable-use">Acceptable use</h2>
      <p>Please do not use the site to:</p>
      <ul>
        <li>break the law, or harass, threaten or impersonate anyone;</li>
        <li>send spam, or post other people&rsquo;s personal information;</li>
        <li>try to access accounts or systems that are not yours, or disrupt the site; or</li>
        <li>copy the site&rsquo;s content in bulk with automated tools.</li>
      </ul>
      <p>
        Our contact form is not monitored around the clock and is not for emergencies. If you are a veteran in crisis, or
        worried about one, call or text <strong>988</strong> and press 1 to reach the Veterans Crisis Line, any time. In an
        emergency, call 911.
      </p>

      <h2 id="content">Our content and name</h2>
      <p>
        The text, photos, artwork, logo and name of {site.name} belong to us or to the people who licensed them to us. You
        may share links and quote short passages with credit; please ask before using anything else.
      </p>

      <h2 id="third-parties">Other services</h2>
      <p>
        Signing in with Google, paying by card and following us on social media involve services run by other companies.
        Their own terms and privacy policies apply to what happens on their side.
      </p>

      <h2 id="disclaimers">Disclaimers and limits of liability</h2>
      <p>
        We work hard to keep the site accurate and available, but it is provided &ldquo;as is&rdquo; and we cannot promise it
        will always be error-free or uninterrupted. To the fullest extent the law allows, {site.name} and its volunteers are
        not liable for indirect or consequential losses arising from your use of the site, and our total liability for any
        claim about an order, course or event is limited to the amount you paid us for it. Nothing in these terms limits
        liability that cannot be limited by law.
      </p>

      <h2 id="law">Governing law</h2>
      <p>
        These terms are governed by the laws of the State of Texas. Any dispute will be handled in the state or federal
        courts located in Bexar County, Texas — though we would always rather talk it through with you first.
      </p>

      <h2 id="changes">Changes to these terms</h2>
      <p>
        We may update these terms from time to time and will change the date at the top of this page when we do. Continuing
        to use the site after a change means you accept the updated terms.
      </p>

      <h2 id="contact">Contact us</h2>
      <PolicyContact />
    </LegalDocument>
  );
}
