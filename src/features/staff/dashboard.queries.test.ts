import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contactMessages } from "@/db/schema/contact";
import { eq } from "drizzle-orm";
import { eventRegistrations, events } from "@/db/schema/events";
import { serviceVerifications } from "@/db/schema/verifications";
import { createEvent, createMembers } from "../../../test/events";
import { setStock, variantId } from "../../../test/shop";
import { getDashboard } from "./dashboard.queries";

// After the sample season, so only this file's events are ahead.
const now = new Date("2099-03-01T15:00:00Z");
const day = 86_400_000;

describe("the staff dashboard", () => {
  it("shows new messages only, and the next events (not canceled ones) with seats and waitlist", async () => {
    await getDb().insert(contactMessages).values([
      { name: "Dana", email: "dana@example.com", subject: "Still new", message: "Hi", category: "general" },
      { name: "Lee", email: "lee@example.com", subject: "Answered already", message: "Hi", category: "general", status: "answered" },
    ]);
    const soon = await createEvent({ title: "Ruck March", startsAt: new Date(now.getTime() + day), capacity: 2, seatsTaken: 2 });
    await createEvent({ title: "Open Range Day", startsAt: new Date(now.getTime() + 2 * day), capacity: null });
    await createEvent({ title: "Yesterday's Clinic", startsAt: new Date(now.getTime() - 2 * day) });
    const called = await createEvent({ title: "Called-off Swim", startsAt: new Date(now.getTime() + day) });
    await getDb().update(events).set({ cancelledAt: now }).where(eq(events.id, called.id));
    const [first, second, waiting] = await createMembers(3);
    await getDb().insert(eventRegistrations).values([
      { eventId: soon.id, userId: first!.id, status: "confirmed", confirmedAt: now },
      { eventId: soon.id, userId: second!.id, status: "confirmed", confirmedAt: now },
      { eventId: soon.id, userId: waiting!.id, status: "waitlisted", waitlistSeq: 1 },
    ]);
    const dashboard = await getDashboard(getDb(), now);
    expect(dashboard.newMessages.count).toBe(1);
    expect(dashboard.newMessages.latest.map((m) => m.subject)).toEqual(["Still new"]);
    expect(dashboard.nextEvents.map(({ title, capacity, seatsTaken, waitlist }) => ({ title, capacity, seatsTaken, waitlist }))).toEqual([
      { title: "Ruck March", capacity: 2, seatsTaken: 2, waitlist: 1 },
      { title: "Open Range Day", capacity: null, seatsTaken: 0, waitlist: 0 },
    ]);
  });

  it("lists sizes at five or fewer, sold out first", async () => {
    const teeStock = { XS: 10, S: 0, M: 20, L: 5, XL: 20, XXL: 6 };
    for (const [size, stock] of Object.entries(teeStock)) await setStock(await variantId("veteran-strong-tshirt", size), stock);
    await setStock(await variantId("fitness-journal"), 6);
    const { lowStock } = await getDashboard(getDb(), now);
    const tee = lowStock.filter((item) => item.name === "Veteran Strong T-Shirt");
    expect(tee).toEqual([
      { productId: expect.any(Number), name: "Veteran Strong T-Shirt", size: "S", stock: 0 },
      { productId: expect.any(Number), name: "Veteran Strong T-Shirt", size: "L", stock: 5 },
    ]);
    expect(lowStock.some((item) => item.name === "Fitness Journal")).toBe(false);
    expect(lowStock.map((item) => item.stock)).toEqual([...lowStock.map((item) => item.stock)].sort((a, b) => a - b));
  });

  it("counts the service verifications nobody has decided, with the oldest one's date", async () => {
    const [older, newer, decided] = await createMembers(3);
    await getDb().insert(serviceVerifications).values([
      { userId: newer!.id, serviceStatus: "veteran", requestedAt: new Date(now.getTime() - day) },
      { userId: older!.id, serviceStatus: "first-responder", requestedAt: new Date(now.getTime() - 3 * day) },
      { userId: decided!.id, serviceStatus: "active-duty", requestedAt: new Date(now.getTime() - 5 * day), decision: "rejected", decidedAt: now, decidedBy: "staff@example.com", rejectionReason: "The document was unreadable." },
    ]);
    const { verifications } = await getDashboard(getDb(), now);
    expect(verifications).toEqual({ waiting: 2, oldestRequestedAt: new Date(now.getTime() - 3 * day) });
  });
});
