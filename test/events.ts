/** Test helpers for the events feature: members and events inserted straight into the test database. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { user } from "@/db/schema/auth";
import { eventRegistrations, events } from "@/db/schema/events";

export async function createMembers(n: number, label = "member"): Promise<{ id: string; email: string }[]> {
  if (n === 0) return [];
  const rows = Array.from({ length: n }, (_, i) => {
    const id = randomUUID();
    return { id, name: "", email: `${label}-${i}-${id.slice(0, 8)}@example.com` };
  });
  await getDb().insert(user).values(rows);
  return rows.map(({ id, email }) => ({ id, email }));
}

export async function createEvent(
  overrides: Partial<typeof events.$inferInsert> & { startsAt: Date },
): Promise<typeof events.$inferSelect> {
  const { startsAt } = overrides;
  const [row] = await getDb()
    .insert(events)
    .values({
      slug: `test-event-${randomUUID()}`,
      title: "Test Range Day",
      category: "firearms",
      description: "A test event.",
      instructor: "David Okafor",
      location: "Liberty Range, Bulverde, TX",
      endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
      capacity: 8,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function seatsTaken(eventId: number): Promise<number> {
  const [row] = await getDb().select({ n: events.seatsTaken }).from(events).where(eq(events.id, eventId));
  return row!.n;
}

export async function registrationsOf(eventId: number) {
  return getDb().select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
}
