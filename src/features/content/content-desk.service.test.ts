/** The association's contact details: the defaults until staff save them, then the saved row, audited. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { siteContact } from "@/db/schema/settings";
import { auditLog } from "@/db/schema/staff";
import { site, telHref } from "@/lib/site";
import { ownDatabase } from "../../../test/db";
import { saveSiteContact, slugify } from "./content-desk.service";

const actor = { id: null, email: "staff@example.com" };
const details = { email: "hello@example.org", phone: "(512) 555-0199", phoneHours: "Weekdays 8AM to 4PM CT", street: "2 Main St", city: "Austin", region: "TX", postalCode: "78701" };

describe("saveSiteContact", () => {
  it("writes the one row on the first save and updates it after, with before and after in the audit log", async () => {
    const db = await ownDatabase();
    expect(await db.select().from(siteContact)).toEqual([]);

    await saveSiteContact(db, actor, details);
    await saveSiteContact(db, actor, { ...details, phoneHours: "Weekdays 9AM to 5PM CT" });

    const rows = await db.select().from(siteContact);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, ...details, phoneHours: "Weekdays 9AM to 5PM CT" });
    const audit = await db.select().from(auditLog).where(eq(auditLog.recordType, "site_contact"));
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ["contact.update", null, details],
      ["contact.update", details, { ...details, phoneHours: "Weekdays 9AM to 5PM CT" }],
    ]);
  });
});

describe("telHref and slugify", () => {
  it("turns phone numbers as written into tel: links, the default one as before", () => {
    expect(telHref(site.phone)).toBe(site.phoneHref);
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
    expect(telHref("555-0142")).toBe("tel:5550142");
  });

  it("makes a URL slug from any name", () => {
    expect(slugify("Elena Vásquez")).toBe("elena-vasquez");
    expect(slugify("  O'Brien, Jr.  ")).toBe("o-brien-jr");
    expect(slugify("李")).toBe("leader");
  });
});
