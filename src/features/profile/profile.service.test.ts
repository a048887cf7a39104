// @module-tag second-clock: membership standing and the app clock moved by CLOCK_START.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { session, user } from "@/db/schema/auth";
import { memberProfiles, memberSettings } from "@/db/schema/members";
import { resetClockForTests } from "@/lib/clock";
import { getMembership, membershipFor } from "@/features/renewals/my-membership.queries";
import { getMemberSettings, getProfileFormValues, listActiveSessions } from "./profile.queries";
import { profileSchema, settingsSchema } from "./profile.schema";
import { DEFAULT_SETTINGS, saveProfile, saveSettings } from "./profile.service";
import { formatLongDate } from "@/lib/time";

async function insertMember(createdAt = new Date(), name = ""): Promise<string> {
  const id = randomUUID();
  await getDb()
    .insert(user)
    .values({ id, name, email: `member-${id}@example.com`, createdAt, updatedAt: createdAt });
  return id;
}

function parseProfile(values: Record<string, string>) {
  return profileSchema.safeParse(values);
}

describe("profile", () => {
  it("refuses line breaks and tabs in its one-line fields, and control characters in every field", () => {
    for (const [field, value] of [["firstName", "Jane\nDoe"], ["lastName", "Do\te"], ["address", "1 Main St\u0000"], ["phone", "210\n5550142"]] as const) {
      const parsed = parseProfile({ [field]: value });
      expect(parsed.success, `${field}: ${JSON.stringify(value)}`).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual([field]);
    }
    expect(parseProfile({ firstName: "Jane", lastName: "O'Neil-Doe", phone: "(210) 555-0142", address: "1 Main St, Apt 2" }).success).toBe(true);
  });

  it("starts empty for a new member", async () => {
    const id = await insertMember();
    expect(await getProfileFormValues(getDb(), id)).toEqual({
      firstName: "",
      lastName: "",
      phone: "",
      address: "",
      militaryStatus: "",
    });
  });

  it("starts with the name given at sign-up, split at its last space, until the member saves the form", async () => {
    const id = await insertMember(new Date(), "  Mary Ann  Smith ");
    expect(await getProfileFormValues(getDb(), id)).toMatchObject({ firstName: "Mary Ann", lastName: "Smith" });
    expect(await getProfileFormValues(getDb(), await insertMember(new Date(), "Cher"))).toMatchObject({ firstName: "Cher", lastName: "" });
    expect(await getProfileFormValues(getDb(), await insertMember(new Date(), "Nguyễn Văn Minh"))).toMatchObject({ firstName: "Nguyễn Văn", lastName: "Minh" });

    // Once saved, the form shows what was saved, even an empty last name.
    await saveProfile(getDb(), id, parseProfile({ firstName: "Mary", lastName: "", phone: "", address: "", militaryStatus: "" }).data!);
    expect(await getProfileFormValues(getDb(), id)).toMatchObject({ firstName: "Mary", lastName: "" });
  });

  it("saves, then updates the same row, and the header name follows", async () => {
    const id = await insertMember();
    const first = parseProfile({
      firstName: "  Maria ",
      lastName: "Lopez",
      phone: "+1 (512) 555-0147",
      address: "100 Congress Ave\nAustin, TX",
      militaryStatus: "veteran",
    });
    expect(first.success).toBe(true);
    await saveProfile(getDb(), id, first.data!);
    expect(await getProfileFormValues(getDb(), id)).toEqual({
      firstName: "Maria",
      lastName: "Lopez",
      phone: "+1 (512) 555-0147",
      address: "100 Congress Ave\nAustin, TX",
      militaryStatus: "veteran",
    });
    expect((await getDb().select().from(user).where(eq(user.id, id)))[0]!.name).toBe("Maria Lopez");

    const second = parseProfile({ firstName: "Maria", lastName: "", phone: "", address: "", militaryStatus: "" });
    await saveProfile(getDb(), id, second.data!);
    const rows = await getDb().select().from(memberProfiles).where(eq(memberProfiles.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: "Maria", lastName: null, phone: null, address: null, militaryStatus: null });
    expect((await getDb().select().from(user).where(eq(user.id, id)))[0]!.name).toBe("Maria");
  });

  it("rejects bad input with a message per field", () => {
    const result = parseProfile({
      firstName: "x".repeat(61),
      lastName: "Lopez",
      phone: "call me maybe",
      address: "y".repeat(201),
      militaryStatus: "general",
    });
    expect(result.success).toBe(false);
    // The form shows the first message per field, as formAction does.
    const messages: Record<string, string> = {};
    for (const issue of result.error!.issues) messages[String(issue.path[0])] ??= issue.message;
    expect(messages).toEqual({
      firstName: "First name must be 60 characters or fewer.",
      phone: "Phone may contain only digits, spaces and + ( ) - .",
      address: "Address must be 200 characters or fewer.",
      militaryStatus: "Choose a military status from the list.",
    });
    expect(parseProfile({ phone: "12-34" }).error?.issues[0]?.message).toBe("Enter a phone number with at least 7 digits.");
    expect(parseProfile({}).success).toBe(true);
  });
});

describe("settings", () => {
  const memberOf = (id: string) => ({ id, email: `member-${id}@example.com`, emailVerified: true });

  it("are the defaults until saved, only settings the site acts on, with Marketing emails off until the member opts in", async () => {
    const id = await insertMember();
    expect(await getMemberSettings(getDb(), memberOf(id))).toEqual({ emailNotifications: true, marketingEmails: false, marketing: "off" });
    // Text notifications, profile visibility and event participation did nothing, so they are gone.
    expect(DEFAULT_SETTINGS).toEqual({ emailNotifications: true, marketingEmails: false });
  });

  it("persist what the form sends: a missing box is off; boxes for the removed settings are ignored", async () => {
    const id = await insertMember();
    const parsed = settingsSchema.parse({ emailNotifications: "on", textNotifications: "on", profileVisibility: "on" });
    expect(parsed).toEqual({ emailNotifications: true, marketingEmails: false });
    await saveSettings(getDb(), memberOf(id), parsed);
    expect(await getMemberSettings(getDb(), memberOf(id))).toEqual({ emailNotifications: true, marketingEmails: false, marketing: "off" });
    await saveSettings(getDb(), memberOf(id), { ...parsed, emailNotifications: false });
    expect(await getMemberSettings(getDb(), memberOf(id))).toEqual({ emailNotifications: false, marketingEmails: false, marketing: "off" });
    expect(await getDb().select().from(memberSettings).where(eq(memberSettings.userId, id))).toHaveLength(1);
  });

  it("refuses values other than a checked box", () => {
    expect(settingsSchema.safeParse({ marketingEmails: "yes" }).success).toBe(false);
  });
});

describe("membership", () => {
  it("is Basic and active, renewing one year after joining", async () => {
    const joined = new Date("2025-06-03T15:00:00Z");
    const id = await insertMember(joined);
    const membership = await getMembership(getDb(), id, new Date("2025-09-01T00:00:00Z"));
    expect(membership).toEqual({
      plan: "Basic",
      status: "active",
      memberSince: joined,
      renewsOn: new Date("2026-06-03T15:00:00Z"),
    });
  });

  it("renews on the next anniversary for older members, and on 28 February for a leap-day join", () => {
    // Same calendar day in Chicago, whatever daylight saving does to the UTC hour.
    const joined = new Date("2023-03-10T18:00:00Z");
    const renews = (now: string) => formatLongDate(membershipFor(joined, new Date(now)).renewsOn);
    expect(formatLongDate(joined)).toBe("March 10, 2023");
    expect(renews("2025-01-01T00:00:00Z")).toBe("March 10, 2025");
    expect(renews("2025-03-11T00:00:00Z")).toBe("March 10, 2026");
    const leap = new Date("2024-02-29T18:00:00Z");
    expect(formatLongDate(membershipFor(leap, new Date("2024-03-01T00:00:00Z")).renewsOn)).toBe("February 28, 2025");
  });
});

describe("active sessions", () => {
  it("lists unexpired sessions, this device first, with plain device names", async () => {
    const id = await insertMember();
    const now = Date.now();
    const row = (sid: string, userAgent: string | null, minutesAgo: number, expiresInMinutes: number) => ({
      id: sid,
      token: `token-${sid}`,
      userId: id,
      userAgent,
      ipAddress: "203.0.113.7",
      createdAt: new Date(now - 86_400_000),
      updatedAt: new Date(now - minutesAgo * 60_000),
      expiresAt: new Date(now + expiresInMinutes * 60_000),
    });
    const chromeWindows =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    await getDb()
      .insert(session)
      .values([
        row(`${id}-a`, chromeWindows, 1, 60),
        row(`${id}-b`, iphone, 30, 60),
        row(`${id}-c`, null, 120, 60),
        row(`${id}-expired`, chromeWindows, 0, -1),
      ]);

    const sessions = await listActiveSessions(getDb(), id, `${id}-b`);
    expect(sessions.map(({ id: sid, device, ipAddress, current }) => ({ sid, device, ipAddress, current }))).toEqual([
      { sid: `${id}-b`, device: "Safari on iPhone", ipAddress: "203.0.113.7", current: true },
      { sid: `${id}-a`, device: "Chrome on Windows", ipAddress: "203.0.113.7", current: false },
      { sid: `${id}-c`, device: "Unknown device", ipAddress: "203.0.113.7", current: false },
    ]);
    expect(sessions[0]!.lastActive).toBeInstanceOf(Date);
    expect(JSON.stringify(sessions)).not.toContain("token-");
  });
});

describe("with the app's clock moved by CLOCK_START", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetClockForTests();
  });

  it("still lists sessions by the system clock better-auth stamps them with, and renews after the app's clock", async () => {
    const twoYearsAhead = new Date(Date.now() + 2 * 365 * 86_400_000);
    vi.stubEnv("CLOCK_START", twoYearsAhead.toISOString());
    resetClockForTests();
    const joined = new Date();
    const id = await insertMember(joined);
    await getDb().insert(session).values({
      id: `${id}-a`, token: `token-${id}-a`, userId: id, createdAt: joined, updatedAt: joined,
      expiresAt: new Date(joined.getTime() + 30 * 86_400_000),
    });

    expect((await listActiveSessions(getDb(), id)).map((s) => s.id)).toEqual([`${id}-a`]);
    const renewsOn = (await getMembership(getDb(), id))!.renewsOn;
    // The first anniversary of joining (the real now) after the app's clock (two years on, and running):
    // which day that is depends on leap years and the hour of the run, so its bounds are what is known.
    expect(renewsOn.getTime()).toBeGreaterThan(twoYearsAhead.getTime());
    expect(renewsOn.getTime()).toBeLessThanOrEqual(twoYearsAhead.getTime() + 366 * 86_400_000);
  });
});
