import "server-only";
import { and, asc, count, desc, eq, gte, isNull, lte, min, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { productVariants, products } from "@/db/schema/catalog";
import { contactMessages } from "@/db/schema/contact";
import { emailOutbox } from "@/db/schema/email";
import { eventRegistrations, events } from "@/db/schema/events";
import { serviceVerifications } from "@/db/schema/verifications";

export interface DashboardEvent {
  id: number;
  title: string;
  startsAt: Date;
  timeZone: string;
  capacity: number | null;
  seatsTaken: number;
  waitlist: number;
}

export interface Dashboard {
  newMessages: { count: number; latest: { id: number; name: string; subject: string; createdAt: Date }[] };
  nextEvents: DashboardEvent[];
  lowStock: { productId: number; name: string; size: string | null; stock: number }[];
  email: { pending: number; failed: number };
  /** Service-status requests nobody has decided yet, and when the oldest came in. */
  verifications: { waiting: number; oldestRequestedAt: Date | null };
}

/** What needs doing today, for the staff dashboard. */
export async function getDashboard(db: Database, now: Date): Promise<Dashboard> {
  const waitlist = db
    .select({ eventId: eventRegistrations.eventId, waiting: count().as("waiting") })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.status, "waitlisted"))
    .groupBy(eventRegistrations.eventId)
    .as("waitlist");
  const [[messages], latestMessages, nextEvents, lowStock, mail, [verifications]] = await Promise.all([
    db.select({ count: count() }).from(contactMessages).where(eq(contactMessages.status, "new")),
    db
      .select({ id: contactMessages.id, name: contactMessages.name, subject: contactMessages.subject, createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(eq(contactMessages.status, "new"))
      .orderBy(desc(contactMessages.createdAt))
      .limit(5),
    db
      .select({
        id: events.id,
        title: events.title,
        startsAt: events.startsAt,
        timeZone: events.timeZone,
        capacity: events.capacity,
        seatsTaken: events.seatsTaken,
        waitlist: sql<number>`coalesce(${waitlist.waiting}, 0)::int`,
      })
      .from(events)
      .leftJoin(waitlist, eq(waitlist.eventId, events.id))
      .where(and(gte(events.endsAt, now), isNull(events.cancelledAt)))
      .orderBy(asc(events.startsAt))
      .limit(5),
    db
      .select({ productId: products.id, name: products.name, size: productVariants.size, stock: productVariants.stock })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      // Each product's own threshold (set in the catalog); archived products are no longer sold, drafts not yet.
      .where(and(lte(productVariants.stock, products.lowStockThreshold), isNull(products.archivedAt), eq(products.draft, false)))
      .orderBy(asc(productVariants.stock), asc(products.name), asc(productVariants.sortOrder))
      .limit(10),
    db
      .select({ status: emailOutbox.status, count: count() })
      .from(emailOutbox)
      .where(sql`${emailOutbox.status} in ('pending', 'failed')`)
      .groupBy(emailOutbox.status),
    db
      .select({ waiting: count(), oldestRequestedAt: min(serviceVerifications.requestedAt) })
      .from(serviceVerifications)
      .where(eq(serviceVerifications.decision, "pending")),
  ]);
  const mailCount = (status: string) => mail.find((row) => row.status === status)?.count ?? 0;
  return {
    newMessages: { count: messages?.count ?? 0, latest: latestMessages },
    nextEvents,
    lowStock,
    email: { pending: mailCount("pending"), failed: mailCount("failed") },
    verifications: { waiting: verifications?.waiting ?? 0, oldestRequestedAt: verifications?.oldestRequestedAt ?? null },
  };
}
