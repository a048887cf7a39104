import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { membershipBenefitValues, membershipDeskPayments } from "@/db/schema/memberships";
import type { DbOrTransaction } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { formatCents } from "@/lib/money";
import { DESK_PAYMENT_LABELS } from "@/lib/payments/desk-payment";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { MEMBERSHIP_PLANS, type PaidPlan } from "./membership-plans.service";
import { queueDeskMembershipReceipt } from "./membership-payment.service";
import * as clock from "@/lib/clock";
import { FormError } from "@/lib/form-state";
import { benefitValues } from "./membership-benefits";
import { extendMembership, MEMBERSHIP_TERM_MONTHS, type MembershipTerm } from "./membership-term.service";
import { MEMBER_ID, MEMBER_NOT_FOUND } from "@/lib/auth/member-id";
import { REPEAT_WINDOW_MINUTES, type BenefitValuesInput, type DeskRenewalInput, type GrantMembershipInput, type GrantPayment } from "./memberships-desk.schema";

export const NO_SUCH_MEMBER = "No account has this email address. The member needs an account on the site first.";

type Member = { id: string; email: string; name: string };

/** A desk record: what the member paid (or that it was free), for which plan and how long. */
interface DeskRecord {
  plan: PaidPlan;
  months: number;
  payment: GrantPayment;
  confirmRepeat?: "yes";
}

export interface DeskRecorded {
  email: string;
  planName: string;
  renewsOn: Date;
  /** The receipt number (`M-<n>`), or null for a complimentary grant (no payment, no receipt). */
  receipt: string | null;
  term: MembershipTerm;
}

const MINUTE_MS = 60_000;

/** The field the repeat question is asked on: the form shows its box once the question is asked. */
export const REPEAT_FIELD = "confirmRepeat";

function ago(then: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - then.getTime()) / MINUTE_MS));
  return minutes === 0 ? "less than a minute ago" : minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
}

/**
 * A second desk record for the member within REPEAT_WINDOW_MINUTES is refused until the volunteer
 * ticks that it is a second payment. Runs after the member's row is locked, so two volunteers pressing
 * at the same moment take turns and the second is asked.
 */
async function askBeforeRepeat(tx: DbOrTransaction, member: Member, confirmed: boolean, now: Date): Promise<void> {
  if (confirmed) return;
  const since = new Date(now.getTime() - REPEAT_WINDOW_MINUTES * MINUTE_MS);
  const [recent] = await tx
    .select()
    .from(membershipDeskPayments)
    .where(and(eq(membershipDeskPayments.userId, member.id), gt(membershipDeskPayments.recordedAt, since)))
    .orderBy(desc(membershipDeskPayments.recordedAt))
    .limit(1);
  if (!recent) return;
  const what = recent.complimentary ? "given free" : `${formatCents(recent.amountCents)} ${DESK_PAYMENT_LABELS[recent.method!].toLowerCase()}`;
  throw new FormError(
    `${member.email} already had ${MEMBERSHIP_PLANS[recent.plan].shortName} recorded at the desk ${ago(recent.recordedAt, now)} (${what}, by ${recent.recordedBy ?? "staff"}). ` +
      `If this is a second payment, tick "This is a second payment" and record it again; if it is the same payment, it is already recorded and nothing more is needed.`,
    REPEAT_FIELD,
  );
}

/**
 * The one desk path: asks before a repeat, extends the term by the one renewal rule, keeps what was
 * paid and how (`membership_desk_payments`), queues the receipt (IRS Publication 1771) unless the
 * membership was given free, and writes the audit record, all in the caller's transaction.
 */
async function recordAtDesk(tx: DbOrTransaction, actor: Actor, member: Member, record: DeskRecord, now: Date, action: (extended: boolean) => string): Promise<DeskRecorded> {
  await askBeforeRepeat(tx, member, record.confirmRepeat === "yes", now);
  const term = await extendMembership(tx, { userId: member.id, plan: record.plan, at: now, months: record.months });
  const complimentary = record.payment.method === "complimentary";
  const [row] = await tx
    .insert(membershipDeskPayments)
    .values({
      userId: member.id,
      plan: record.plan,
      months: record.months,
      method: record.payment.method === "complimentary" ? null : record.payment.method,
      amountCents: record.payment.amountCents,
      complimentary,
      renewsOn: term.renewsOn,
      recordedBy: actor.email,
      recordedAt: now,
    })
    .returning({ id: membershipDeskPayments.id });
  const receipt = complimentary ? null : `M-${row!.id}`;
  if (record.payment.method !== "complimentary") {
    await queueDeskMembershipReceipt(tx, {
      to: member.email,
      memberName: member.name.trim() || member.email,
      plan: record.plan,
      paidCents: record.payment.amountCents,
      paidAt: now,
      expiresOn: term.renewsOn,
      desk: { number: receipt!, methodLabel: DESK_PAYMENT_LABELS[record.payment.method], months: record.months },
    });
  }
  const extended = Boolean(term.previous && term.previous.renewsOn > now);
  await recordAudit(tx, actor, {
    action: action(extended),
    recordType: "user",
    recordId: member.id,
    before: term.previous,
    after: {
      plan: term.plan,
      months: record.months,
      startedAt: term.startedAt,
      renewsOn: term.renewsOn,
      ...(complimentary ? { complimentary: true } : { amountCents: record.payment.amountCents, method: record.payment.method, receipt }),
    },
  });
  return { email: member.email, planName: MEMBERSHIP_PLANS[term.plan].shortName, renewsOn: term.renewsOn, receipt, term };
}

/**
 * A year paid at the desk (the site without Stripe keys, or a member paying in person): the same
 * renewal rule as a paid order, with the amount and method kept and the receipt emailed.
 */
export async function recordDeskRenewal(db: Database, actor: Actor, input: DeskRenewalInput, now = clock.now()): Promise<DeskRecorded> {
  const recorded = await db.transaction(async (tx) => {
    const [account] = await tx.select({ id: user.id, email: user.email, name: user.name }).from(user).where(eq(sql`lower(${user.email})`, input.email)).for("update");
    if (!account) throw new FormError(NO_SUCH_MEMBER, "email");
    const record = { plan: input.plan, months: MEMBERSHIP_TERM_MONTHS, payment: { method: input.method, amountCents: input.amount }, confirmRepeat: input.confirmRepeat };
    return recordAtDesk(tx, actor, account, record, now, () => "membership.desk-renewal");
  });
  void kickEmailDelivery();
  return recorded;
}

export interface MembershipGranted {
  planName: string;
  renewsOn: Date;
  /** True when the months were added to a membership still running (of either plan). */
  extended: boolean;
  receipt: string | null;
}

/**
 * Grants a paid plan for some months from the member's page, paid at the desk (amount and method kept,
 * receipt emailed) or complimentary, by the same renewal rule as a paid order (`extendMembership`):
 * the months are added to the later of now and the current expiry, whatever the plan, so no paid time
 * is lost; the plan given takes effect at once. Audited.
 */
export async function grantMembership(db: Database, actor: Actor, input: GrantMembershipInput, now = clock.now()): Promise<MembershipGranted> {
  if (!MEMBER_ID.test(input.memberId)) throw new FormError(MEMBER_NOT_FOUND);
  const granted = await db.transaction(async (tx) => {
    const [account] = await tx.select({ id: user.id, email: user.email, name: user.name }).from(user).where(eq(user.id, input.memberId)).for("update");
    if (!account) throw new FormError(MEMBER_NOT_FOUND);
    const recorded = await recordAtDesk(tx, actor, account, input, now, (extended) => (extended ? "membership.extend" : "membership.grant"));
    const extended = Boolean(recorded.term.previous && recorded.term.previous.renewsOn > now);
    return { planName: recorded.planName, renewsOn: recorded.renewsOn, extended, receipt: recorded.receipt };
  });
  void kickEmailDelivery();
  return granted;
}

/** Staff's good-faith estimate of each plan's benefits (IRS Publication 1771); receipts use it from now on. Audited. */
export async function setBenefitValues(db: Database, actor: Actor, input: BenefitValuesInput, now = clock.now()): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await benefitValues(tx);
    for (const plan of ["premium", "elite"] as const) {
      await tx
        .insert(membershipBenefitValues)
        .values({ plan, valueCents: input[plan], updatedAt: now })
        .onConflictDoUpdate({ target: membershipBenefitValues.plan, set: { valueCents: input[plan], updatedAt: now } });
    }
    await recordAudit(tx, actor, { action: "membership.benefit-values", recordType: "membership-plans", recordId: "benefit-values", before, after: input });
  });
}
