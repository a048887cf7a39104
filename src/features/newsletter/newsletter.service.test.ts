import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { idleState } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { subscribeAction } from "./newsletter.actions";
import { subscribeSchema } from "./newsletter.schema";
import { subscribe } from "./newsletter.service";
import { form } from "../../../test/form";

/** A mailbox no other test uses, as `local-<id>@example.com` (lower case). */
const unique = (local: string) => `${local}-${randomUUID().slice(0, 8)}@example.com`;

/** The rows stored for one address, whatever letter case it was typed in. */
const stored = (email: string) =>
  testDb().select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));

async function countAll(): Promise<number> {
  const [row] = await testDb().select({ n: count() }).from(newsletterSubscribers);
  return row!.n;
}

describe("subscribe (service)", () => {
  it("stores a new address once and reports it as new", async () => {
    const email = unique("jane.doe");
    const input = subscribeSchema.parse({ email: `  ${email.replace("jane.doe", "Jane.Doe").replace("example.com", "Example.COM")} ` });
    expect(await subscribe(testDb(), input)).toEqual({ email, alreadySubscribed: false });
    expect(await stored(email)).toEqual([{ email }]);
  });

  it("treats a repeat subscription, in any letter case, as already subscribed and stores nothing new", async () => {
    const db = testDb();
    const email = unique("jane");
    await subscribe(db, subscribeSchema.parse({ email }));
    const again = await subscribe(db, subscribeSchema.parse({ email: email.toUpperCase() }));
    expect(again).toEqual({ email, alreadySubscribed: true });
    expect(await stored(email)).toEqual([{ email }]);
  });

  it("leaves the original subscription date alone on a repeat", async () => {
    const db = testDb();
    const email = unique("sam");
    await subscribe(db, { email });
    const [first] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    await subscribe(db, { email });
    const [after] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(after).toEqual(first);
  });

  it("handles simultaneous subscriptions of one address without an error", async () => {
    const db = testDb();
    const email = unique("rush");
    const results = await Promise.all(Array.from({ length: 5 }, () => subscribe(db, { email })));
    expect(results.filter((r) => !r.alreadySubscribed)).toHaveLength(1);
    expect(await stored(email)).toEqual([{ email }]);
  });
});

describe("subscribeAction (form → schema → service)", () => {
  it("subscribes with a lower-cased address, and answers a duplicate with success, not an error", async () => {
    const email = unique("vet");
    const first = await subscribeAction(idleState, form({ email: email.replace("vet", "Vet").replace("example.com", "Example.org") }));
    const lower = email.replace("example.com", "example.org");
    expect(first).toEqual({ status: "success", data: { email: lower, alreadySubscribed: false } });

    const second = await subscribeAction(idleState, form({ email: lower.toUpperCase() }));
    expect(second).toEqual({ status: "success", data: { email: lower, alreadySubscribed: true } });

    expect(await stored(lower)).toEqual([{ email: lower }]);
  });

  it("rejects an empty or malformed address with a field message and keeps what was typed", async () => {
    const before = await countAll(); // tests in one file run one at a time: nothing else writes meanwhile
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
    expect(await countAll()).toBe(before);
  });
});
