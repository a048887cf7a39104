import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { idleState } from "@/lib/form-state";
import { subscribeAction } from "./newsletter.actions";

const form = (email: string) => {
  const data = new FormData();
  data.set("email", email);
  return data;
};

describe("subscribeAction", () => {
  it("stores the address lower-cased and confirms", async () => {
    const state = await subscribeAction(idleState, form("  Recruit@Example.org "));
    expect(state).toEqual({ status: "success", data: { email: "recruit@example.org", alreadySubscribed: false } });
    const rows = await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "recruit@example.org"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.confirmedAt).toBeNull();
  });

  it("treats a second subscription as already subscribed and keeps one row", async () => {
    await subscribeAction(idleState, form("twice@example.org"));
    const state = await subscribeAction(idleState, form("TWICE@example.org"));
    expect(state).toEqual({ status: "success", data: { email: "twice@example.org", alreadySubscribed: true } });
    const rows = await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "twice@example.org"));
    expect(rows).toHaveLength(1);
  });

  it("rejects an invalid address with a clear message and stores nothing", async () => {
    const state = await subscribeAction(idleState, form("not-an-address"));
    expect(state).toEqual({
      status: "error",
      fieldErrors: { email: "Enter a valid e-mail address, like name@example.com." },
      values: { email: "not-an-address" },
    });
    const rows = await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "not-an-address"));
    expect(rows).toHaveLength(0);
  });
});
