import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { eventRegistrations } from "@/db/schema/events";
import { memberSettings } from "@/db/schema/members";
import { testDb } from "../../../test/db";
import { createEventJobs } from "./event-jobs";
import { cancelRegistration, registerForEvent } from "./registration.service";
import { sendDueReminders } from "./reminders.service";
import { createEvent, createMembers } from "../../../test/events";

delete process.env.SMTP_URL;

const HOUR = 3_600_000;
const registeredAt = new Date("2027-04-01T15:00:00Z");
const at = (hours: number) => new Date(registeredAt.getTime() + hours * HOUR);

async function reminders(to: string) {
  return testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, "event-reminder")));
}

/** An event three days after registration, with one registered member. */
async function registered(label: string) {
  const event = await createEvent({ startsAt: at(72), title: `Reminder Clinic ${label}` });
  const [member] = await createMembers(1, label);
  await registerForEvent(testDb(), { eventId: event.id, userId: member!.id }, registeredAt);
  return { event, member: member! };
}

describe("24-hour reminders", () => {
  it("are sent once the event is within 24 hours, once only, even when passes run concurrently", async () => {
    const { event, member } = await registered("once");
    await sendDueReminders(testDb(), at(47));
    expect(await reminders(member.email)).toHaveLength(0);

    await Promise.all(Array.from({ length: 5 }, () => sendDueReminders(testDb(), at(49))));
    await sendDueReminders(testDb(), at(60));
    const sent = await reminders(member.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Reminder: ${event.title} is tomorrow`);
    expect(sent[0]!.textBody).toContain(`/calendar/${event.id}`);
  });

  it('say "tomorrow" the day before and expire at midnight, Chicago time, when "tomorrow" stops being true', async () => {
    const { event, member } = await registered("tomorrow");
    // at(49) is 11:00 AM CDT on 3 April; the event starts at 10:00 AM CDT on 4 April.
    await sendDueReminders(testDb(), at(49));
    const [mail] = await reminders(member.email);
    expect(mail!.subject).toBe(`Reminder: ${event.title} is tomorrow`);
    expect(mail!.textBody).toContain(`A reminder that ${event.title} is tomorrow.`);
    expect(mail!.htmlBody).toContain("is tomorrow.</p>");
    expect(mail!.expiresAt).toEqual(new Date("2027-04-04T05:00:00Z"));
  });

  it('say "today" when the job first reaches them on the event\'s day (a server that was down), and expire when it starts', async () => {
    const { event, member } = await registered("today");
    // Nothing ran the day before; at(63) is 1:00 AM CDT on 4 April, the event's day.
    await sendDueReminders(testDb(), at(63));
    const [mail] = await reminders(member.email);
    expect(mail!.subject).toBe(`Reminder: ${event.title} is today`);
    expect(mail!.textBody).toContain(`A reminder that ${event.title} is today.`);
    expect(mail!.expiresAt).toEqual(event.startsAt);
  });

  it("respect the member's email notification setting", async () => {
    const { member } = await registered("muted");
    await testDb().insert(memberSettings).values({ userId: member.id, emailNotifications: false });
    await sendDueReminders(testDb(), at(50));
    expect(await reminders(member.email)).toHaveLength(0);
  });

  it("are not sent for canceled registrations, started events, or registrations made inside the last 24 hours", async () => {
    const { event, member } = await registered("cancelled");
    await cancelRegistration(testDb(), { eventId: event.id, userId: member.id }, at(1));
    const late = await createEvent({ startsAt: at(72) });
    const [lastMinute] = await createMembers(1, "last-minute");
    await registerForEvent(testDb(), { eventId: late.id, userId: lastMinute!.id }, at(60));
    const { member: missed } = await registered("missed");
    await sendDueReminders(testDb(), at(61));
    await sendDueReminders(testDb(), at(73)); // started: nothing more goes out
    expect(await reminders(member.email)).toHaveLength(0);
    expect(await reminders(lastMinute!.email)).toHaveLength(0);
    expect(await reminders(missed.email)).toHaveLength(1);
  });

  it("the scheduled job picks up where a stopped one left off, from the database", async () => {
    const { event, member } = await registered("restart");
    const first = createEventJobs(testDb(), { intervalMs: 60_000, now: () => at(50) });
    await first.runOnce();
    await first.stop();
    const second = createEventJobs(testDb(), { intervalMs: 60_000, now: () => at(51) }); // "after a restart"
    await second.runOnce();
    await second.stop();
    expect(await reminders(member.email)).toHaveLength(1);
    const [row] = await testDb()
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.userId, member.id)));
    expect(row!.reminderSentAt).toEqual(at(50));
  });

  it("the scheduled job also passes on expired offers", async () => {
    const event = await createEvent({ startsAt: at(24 * 5), capacity: 1 });
    const [a, b, c] = await createMembers(3, "job-offer");
    for (const m of [a, b, c]) await registerForEvent(testDb(), { eventId: event.id, userId: m!.id }, registeredAt);
    await cancelRegistration(testDb(), { eventId: event.id, userId: a!.id }, registeredAt);
    const jobs = createEventJobs(testDb(), { intervalMs: 60_000, now: () => at(25) });
    const result = await jobs.runOnce();
    await jobs.stop();
    // The job's pass covers the whole database; this is the only test in the file that makes an offer,
    // and no registration elsewhere here is within 24 hours of its event at at(25).
    expect(result).toEqual({ offersExpired: 1, remindersQueued: 0 });
    const rows = await testDb().select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id));
    expect(Object.fromEntries(rows.map((r) => [r.userId, r.status]))).toEqual({ [a!.id]: "cancelled", [b!.id]: "cancelled", [c!.id]: "offered" });
  });
});
