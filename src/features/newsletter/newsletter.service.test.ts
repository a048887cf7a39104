import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { idleState } from "@/lib/form-state";
import { testDb, truncate } from "../../../test/db";
import { subscribeAction } from "./newsletter.actions";
import { subscribeSchema } from "./newsletter.schema";
import { subscribe } from "./newsletter.service";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const stored = () => testDb().select({ email: newsletterSubscribers.email }).from(newsletterSubscribers);

beforeEach(() => truncate(newsletterSubscribers));

describe("subscribe (service)", () => {
  it("stores a new address once and reports it as new", async () => {
    const input = subscribeSchema.parse({ email: "  Jane.Doe@Example.COM " });
    expect(await subscribe(testDb(), input)).toEqual({ email: "jane.doe@example.com", alreadySubscribed: false });
    expect(await stored()).toEqual([{ email: "jane.doe@example.com" }]);
  });

  it("treats a repeat subscription, in any letter case, as already subscribed and stores nothing new", async () => {
    const db = testDb();
    await subscribe(db, subscribeSchema.parse({ email: "jane@example.com" }));
    const again = await subscribe(db, subscribeSchema.parse({ email: "JANE@Example.com" }));
    expect(again).toEqual({ email: "jane@example.com", alreadySubscribed: true });
    expect(await stored()).toEqual([{ email: "jane@example.com" }]);
  });

  it("leaves the original subscription date alone on a repeat", async () => {
    const db = testDb();
    await subscribe(db, { email: "sam@example.com" });
    const [first] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "sam@example.com"));
    await subscribe(db, { email: "sam@example.com" });
    const [after] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "sam@example.com"));
    expect(after).toEqual(first);
  });

  it("handles simultaneous subscriptions of one address without an error", async () => {
    const db = testDb();
    const results = await Promise.all(Array.from({ length: 5 }, () => subscribe(db, { email: "rush@example.com" })));
    expect(results.filter((r) => !r.alreadySubscribed)).toHaveLength(1);
    expect(await stored()).toEqual([{ email: "rush@example.com" }]);
  });
});

describe("subscribeAction (form → schema → service)", () => {
  it("subscribes with a lower-cased address, and answers a duplicate with success, not an error", async () => {
    const first = await subscribeAction(idleState, form({ email: "Vet@Example.org" }));
    expect(first).toEqual({ status: "success", data: { email: "vet@example.org", alreadySubscribed: false } });

    const second = await subscribeAction(idleState, form({ email: "VET@example.ORG" }));
    expect(second).toEqual({ status: "success", data: { email: "vet@example.org", alreadySubscribed: true } });

    expect(await stored()).toEqual([{ email: "vet@example.org" }]);
  });

  it("rejects an empty or malformed address with a field message and keeps what was typed", async () => {
    expect(await subscribeAction(idleState, form({ email: "" }))).toEqual({
      status: "error",
      fieldErrors: { email: "Enter your e-mail address." },
      values: { email: "" },
    });
    expect(await subscribeAction(idleState, form({ email: "not-an-address" }))).toEqual({
      status: "error",
      fieldErrors: { email: "Enter a valid e-mail address, like name@example.com." },
      values: { email: "not-an-address" },
    });
    expect(await stored()).toEqual([]);
  });
});
