/**
 * One sample of every kind of email the site sends (src/lib/email/kinds.ts), built by the same
 * functions the services call, for the tests that check every kind has both parts
 * (src/features/email-kinds*.test.ts); email-kinds.test.ts checks no kind is missing here.
 */
import { MEMBERSHIP_PLANS } from "@/features/memberships/membership-plans.service";
import type { OutboxAttachment } from "@/db/schema/email";
import { isEmailKind, type EmailKind } from "@/lib/email/kinds";
import { membershipReceiptEmail } from "@/features/memberships/emails/membership-emails";
import { autoRenewEndedEmail, autoRenewFailedEmail, autoRenewOnEmail, membershipReminderEmail } from "@/features/renewals/emails/renewal-emails";
import { acknowledgementEmail, newMessageStaffEmail, replyEmail } from "@/features/contact/emails/contact-emails";
import { monthlyGiftEndedEmail, paymentFailedEmail, pledgeEmail, receiptEmail, receiptVoidEmail, tributeEmail, yearEndStatementEmail } from "@/features/donations/emails/donation-emails";
import { checkInQrAttachment } from "@/features/events/emails/check-in-qr";
import {
  attendeeMessageEmail,
  eventCancelledEmail,
  eventUpdatedEmail,
  eventReminderEmail,
  registrationCancelledEmail,
  registrationConfirmedEmail,
  seatOfferedEmail,
  waitlistJoinedEmail,
} from "@/features/events/emails/registration-emails";
import type { IcalEvent } from "@/features/events/ical";
import { accountDisabledEmail } from "@/lib/auth/emails/account-disabled-email";
import { confirmEmailEmail, existingAccountEmail, signInLinkEmail, welcomeEmail } from "@/lib/auth/emails/account-emails";
import { accountDeletedEmail, changeEmailConfirmEmail, changeEmailTakenEmail, emailChangedEmail } from "@/features/members/account/account-emails";
import { passwordResetEmail } from "@/lib/auth/emails/password-reset-email";
import { alreadySubscribedEmail, confirmationEmail, newsletterIssueEmail } from "@/features/newsletter/emails/newsletter-emails";
import { claimOrdersEmail } from "@/features/orders/emails/claim-orders-email";
import { verificationApprovedEmail, verificationRejectedEmail } from "@/features/verification/emails/verification-emails";
import { orderConfirmationEmail } from "@/features/orders/emails/order-confirmation-email";
import {
  orderCancelledEmail,
  orderRefundedEmail,
  orderShippedEmail,
  payLinkEmail,
  paymentReceivedEmail,
  paymentUndoneEmail,
  unpaidCheckoutReleasedEmail,
  type DeskEmailOrder,
} from "@/features/orders/emails/order-desk-emails";

export interface SampleEmail {
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
}

const SITE = "http://localhost:3000";
const organization = { legalName: "Vanguard Veterans Association, Inc.", ein: "12-3456789" };

/** A kind, or a kind with "(which)" after it when more than one builder writes that kind. */
type SampleName = EmailKind | `${EmailKind} (${string})`;
type SampleBuilder = () => SampleEmail | Promise<SampleEmail>;

/** The outbox kind of a sample: its name without the "(which)". */
export function kindOf(sample: string): EmailKind {
  const kind = sample.replace(/ \(.*\)$/, "");
  if (!isEmailKind(kind)) throw new Error(`The sample "${sample}" is of no kind in src/lib/email/kinds.ts`);
  return kind;
}

/** Characters that must arrive as text, never as markup, in every part. */
export const HOSTILE = `<b>"Tom" & 'Jerry'</b>`;

export const sampleEvent: IcalEvent = {
  id: 42,
  title: `Range Day ${HOSTILE}`,
  description: "Fundamentals.",
  location: "Liberty Range, Bulverde, TX",
  startsAt: new Date("2027-07-10T14:00:00Z"),
  endsAt: new Date("2027-07-10T18:00:00Z"),
  timeZone: "America/Chicago",
  instructor: "David Okafor",
  sequence: 3,
  updatedAt: new Date("2027-06-20T15:00:00Z"),
  url: `${SITE}/calendar/42`,
  uid: "registration-42-user-1@localhost:3000",
};

const deskOrder: DeskEmailOrder = {
  number: "VVA-1042",
  contactName: `Jordan ${HOSTILE}`,
  totalCents: 4998,
  fulfilment: "shipping",
  link: `${SITE}/shop/orders/0b0c6d0e-1111-4222-8333-944445555666?key=abc`,
};

const confirmation = {
  number: "VVA-1042",
  contactName: "Jordan Hayes",
  lines: [{ name: "Veteran Strong T-Shirt", size: "L", quantity: 2, unitPriceCents: 2499 }],
  subtotalCents: 4998,
  shippingCents: 795,
  totalCents: 5793,
  fulfilment: "shipping" as const,
  delivery: "Ships to: Jordan Hayes, 1 Main St, Austin, TX 78701",
  payment: "pay_later" as const,
  link: deskOrder.link,
};

/**
 * kind → its sample (async: the registration confirmation renders a QR code). A kind written by more
 * than one builder has a sample of each, named "kind (which)".
 */
const samples = {
  "order-confirmation": () => orderConfirmationEmail(confirmation),
  "order-confirmation (member pricing)": () =>
    orderConfirmationEmail({ ...confirmation, discounts: [{ label: "Member pricing (Premium, 10%)", amountCents: 500 }], totalCents: confirmation.totalCents - 500 }),
  "order-paid": () => paymentReceivedEmail({ ...deskOrder, membership: true }),
  "order-payment-undone": () => paymentUndoneEmail({ ...deskOrder, membership: true }),
  "order-shipped": () => orderShippedEmail({ ...deskOrder, trackingNumber: "1Z999AA10123456784" }),
  "order-cancelled": () => orderCancelledEmail(deskOrder),
  "order-cancelled (card checkout expired)": () => unpaidCheckoutReleasedEmail(deskOrder),
  "order-refunded": () => orderRefundedEmail(deskOrder),
  "order-pay-link": () => payLinkEmail({ ...deskOrder, link: `${SITE}/shop/orders/0b0c6d0e-1111-4222-8333-944445555666?pay=token` }),
  "claim-orders": () => claimOrdersEmail(`${SITE}/profile/claim-orders?token=abc.def`, 2),
  "event-registration": async () => registrationConfirmedEmail(sampleEvent, "localhost:3000", await checkInQrAttachment(`${SITE}/admin/check-in/42?registration=7`)),
  "event-waitlist": () => waitlistJoinedEmail(sampleEvent, 3),
  "event-seat-offer": () => seatOfferedEmail(sampleEvent, `${SITE}/calendar/42/offer`, new Date("2027-07-01T15:00:00Z")),
  "event-registration-cancelled": () => registrationCancelledEmail({ ...sampleEvent, status: "cancelled", sequence: 4 }, "localhost:3000", "confirmed"),
  "event-cancelled": () => eventCancelledEmail({ ...sampleEvent, status: "cancelled", sequence: 4 }, "localhost:3000"),
  "event-updated": () =>
    eventUpdatedEmail({ ...sampleEvent, sequence: 3, attendeeEmail: "member@example.com" }, "localhost:3000", [
      { what: "When", was: "Saturday, June 14, 2027, 9:00 AM – 1:00 PM", now: "Sunday, June 15, 2027, 10:00 AM – 2:00 PM" },
      { what: "Where", was: `Liberty Range ${HOSTILE}`, now: "Headquarters & Fitness Center, San Antonio, TX" },
    ], sampleEvent.title),
  "event-attendee-message": () => attendeeMessageEmail(sampleEvent, "Parking", `Park by the gate.\n\nBring water ${HOSTILE}.`),
  "event-reminder": () => eventReminderEmail(sampleEvent, "tomorrow"),
  "contact-acknowledgement": () => acknowledgementEmail(),
  "contact-new-message": () =>
    newMessageStaffEmail({
      name: `Jordan ${HOSTILE}`,
      email: "jordan@example.com",
      subject: "Ruck march",
      categoryLabel: "Events",
      replyBy: "Jun 21, 2027",
      link: `${SITE}/admin/messages/5`,
    }),
  "contact-reply": () =>
    replyEmail({ body: `Yes.\n\nBring water ${HOSTILE}.`, subject: "Ruck march", name: "Jordan", originalMessage: "Can my spouse join?\nThanks", sentAt: "Jun 20, 2027" }),
  "password-reset": () => passwordResetEmail(`${SITE}/reset-password?token=abc`),
  "confirm-email": () => confirmEmailEmail(`${SITE}/confirm-email?token=abc`),
  "existing-account": () => existingAccountEmail({ signIn: `${SITE}/login`, reset: `${SITE}/forgot-password` }),
  "sign-in-link": () => signInLinkEmail(`${SITE}/sign-in-link?token=abc`, 15, true),
  "sign-in-link (never confirmed)": () => signInLinkEmail(`${SITE}/sign-in-link?token=abc`, 15, false),
  "account-disabled": () => accountDisabledEmail(),
  welcome: () => welcomeEmail(`Dana ${HOSTILE}`, SITE, false),
  "welcome (confirmed)": () => welcomeEmail(`Dana ${HOSTILE}`, SITE, true),
  "existing-account (never confirmed)": () =>
    existingAccountEmail({ signIn: `${SITE}/login`, reset: `${SITE}/forgot-password`, confirm: `${SITE}/confirm-email?token=abc` }),
  "email-change-confirm": () => changeEmailConfirmEmail(`${SITE}/confirm-email-change?token=abc`, "old@example.com"),
  "email-change-taken": () => changeEmailTakenEmail(`${SITE}/login`),
  "email-changed": () => emailChangedEmail("new@example.com", `${SITE}/contact`),
  "account-deleted": () => accountDeletedEmail(),
  "donation-receipt": () =>
    receiptEmail({
      receiptNumber: "2027-000042",
      reference: "DON-0042",
      donorName: `Avery ${HOSTILE}`,
      donorEmail: "avery@example.com",
      totalCents: 5180,
      feeCents: 180,
      receivedAt: new Date("2027-06-20T15:00:00Z"),
      kind: "monthly card",
      tribute: { kind: "memory", name: `SSgt. Lena Cruz ${HOSTILE}` },
      manageLink: `${SITE}/donate/manage?token=abc`,
      organization,
    }),
  "donation-receipt-void": () =>
    receiptVoidEmail({ receiptNumber: "2027-000042", donorName: "Avery Brooks", totalCents: 5180, receivedAt: new Date("2027-06-20T15:00:00Z"), refundedAt: new Date("2027-06-25T15:00:00Z") }),
  "donation-pledge": () =>
    pledgeEmail({
      donorName: "Avery Brooks",
      reference: "DON-0042",
      totalCents: 5000,
      organization,
      address: { street: "1776 Patriot Way", city: "San Antonio", region: "TX", postalCode: "78205" },
      phone: "(210) 555-0100",
      phoneHours: "Mon–Fri 9am–5pm",
    }),
  "donation-payment-failed": () => paymentFailedEmail({ donorName: "Avery Brooks", totalCents: 5180, manageLink: `${SITE}/donate/manage?token=abc` }),
  "donation-monthly-ended": () => monthlyGiftEndedEmail({ donorName: "Avery Brooks", totalCents: 5180 }),
  "donation-year-end-statement": () => ({
    ...yearEndStatementEmail({
      year: 2027,
      donorName: `Avery ${HOSTILE}`,
      donorEmail: "avery@example.com",
      gifts: [
        { receiptNumber: "2027-000042", reference: "DON-0042", receivedAt: new Date("2027-03-02T15:00:00Z"), totalCents: 5000 },
        { receiptNumber: "2027-000117", reference: "DON-0117", receivedAt: new Date("2027-11-11T15:00:00Z"), totalCents: 12550 },
      ],
      totalCents: 17550,
      organization,
      issuedAt: new Date("2028-01-10T15:00:00Z"),
    }),
    attachments: [{ filename: "giving-statement-2027.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.3\n%%EOF\n").toString("base64"), encoding: "base64" as const }],
  }),
  "donation-tribute": () => tributeEmail({ donorName: `Avery ${HOSTILE}`, tribute: { kind: "honor", name: "Sgt. Dana Reyes", notifyName: "Sam" } }),
  "newsletter-confirmation": () => confirmationEmail(`${SITE}/newsletter/confirm?token=abc`, 7),
  "newsletter-already-subscribed": () => alreadySubscribedEmail(),
  "verification-approved": () => verificationApprovedEmail({ status: "Veteran", validThrough: "June 20, 2028", profileLink: `${SITE}/profile/verification` }),
  "verification-rejected": () => verificationRejectedEmail({ status: "Veteran", reason: `The photo is blurred ${HOSTILE}.\nPlease send a sharper one.`, profileLink: `${SITE}/profile/verification` }),
  newsletter: () =>
    newsletterIssueEmail(
      // Lists and [text](links) read differently in the two parts; newsletter-format.test.ts covers them.
      { subject: `Spring news ${HOSTILE}`, body: `The range day is back ${HOSTILE}.\n\nSign up at ${SITE}/calendar` },
      `${SITE}/newsletter/unsubscribe?token=abc`,
    ),
  ...Object.fromEntries(
    (["before-30", "before-7", "before-1", "after-1", "grace-ended"] as const).map((kind) => [
      `membership-reminder (${kind})`,
      () =>
        membershipReminderEmail({
          kind,
          planName: "Premium",
          expiresOn: new Date("2027-06-15T05:00:00Z"),
          graceEndsOn: new Date("2027-06-29T05:00:00Z"),
          renewLink: `${SITE}/profile?tab=membership#renew`,
        }),
    ]),
  ),
  "membership-reminder (before-30, renews automatically)": () =>
    membershipReminderEmail({
      kind: "before-30",
      planName: "Premium",
      expiresOn: new Date("2027-06-15T05:00:00Z"),
      graceEndsOn: new Date("2027-06-29T05:00:00Z"),
      renewLink: `${SITE}/profile?tab=membership#renew`,
      autoRenew: { amountCents: 8910, manageLink: `${SITE}/profile?tab=membership#auto-renew` },
    }),
  "membership-auto-renew-on": () =>
    autoRenewOnEmail({ planName: "Premium", amountCents: 9900, firstChargeOn: new Date("2027-06-15T05:00:00Z"), manageLink: `${SITE}/profile?tab=membership#auto-renew` }),
  "membership-auto-renew-on (charged today)": () =>
    autoRenewOnEmail({ planName: "Elite", amountCents: 19900, firstChargeOn: null, manageLink: `${SITE}/profile?tab=membership#auto-renew` }),
  "membership-auto-renew-failed": () =>
    autoRenewFailedEmail({
      planName: "Premium",
      amountCents: 9900,
      expiresOn: new Date("2027-06-15T05:00:00Z"),
      graceEndsOn: new Date("2027-06-29T05:00:00Z"),
      manageLink: `${SITE}/profile?tab=membership#auto-renew`,
    }),
  "membership-auto-renew-off": () =>
    autoRenewEndedEmail({ planName: "Premium", expiresOn: new Date("2027-06-15T05:00:00Z"), manageLink: `${SITE}/profile?tab=membership#auto-renew` }),
  "membership-receipt": () =>
    membershipReceiptEmail({
      orderNumber: "VVA-1042",
      memberName: `Avery ${HOSTILE}`,
      memberEmail: "avery@example.com",
      planName: "Elite",
      paidCents: 19900,
      paidAt: new Date("2027-03-10T18:00:00Z"),
      expiresOn: new Date("2028-03-10T18:00:00Z"),
      benefits: MEMBERSHIP_PLANS.elite.benefits,
      benefitValueCents: 5000,
      organization,
    }),
  "membership-receipt (no gift)": () =>
    membershipReceiptEmail({
      orderNumber: "VVA-1043",
      memberName: "Avery",
      memberEmail: "avery@example.com",
      planName: "Premium",
      paidCents: 2000,
      paidAt: new Date("2027-03-10T18:00:00Z"),
      expiresOn: new Date("2028-03-10T18:00:00Z"),
      benefits: MEMBERSHIP_PLANS.premium.benefits,
      benefitValueCents: 2500,
      organization,
    }),
} satisfies { [name in SampleName]?: SampleBuilder };

export const EMAIL_SAMPLES: Readonly<Record<string, SampleBuilder>> = samples;
