/** The legal pages as the server sends them: each policy's title, sections, date and contact; the refund windows. */
import { expect, test } from "./fixtures";

const policies = [
  {
    path: "/privacy",
    title: "Privacy Policy",
    headings: ["Who we are", "What we collect", "How we use it", "When we share it", "How long we keep it", "Your choices and rights", "Contact us"],
  },
  {
    path: "/terms",
    title: "Terms of Service",
    headings: ["Agreeing to these terms", "Your account", "Training courses and events", "Shop orders", "Governing law", "Contact us"],
  },
  {
    path: "/refund",
    title: "Refund Policy",
    headings: ["Merchandise", "Training courses and events", "Memberships", "Donations", "How refunds are paid", "Questions"],
  },
] as const;

const normalize = (text: string) => text.replace(/\s+/g, " ").trim();

test.describe("legal pages", () => {
  for (const policy of policies) {
    test(`${policy.path} shows the ${policy.title} with its sections, date and contact`, async ({ visitor }) => {
      const page = await visitor.get(policy.path);
      expect(page.status).toBe(200);
      expect(page.heading(1)).toBe(policy.title);

      expect(page.$("main")).toHaveLength(1);
      expect(page.text("main")).toContain("Last updated:");
      const time = page.$("main time");
      expect(time).toHaveLength(1);
      expect(time.attr("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const h2s = page.$("main h2").toArray().map((h2) => normalize(page.$(h2).text()));
      for (const heading of policy.headings) {
        expect(h2s.filter((text) => text === heading), heading).toHaveLength(1);
      }
      expect(page.$('main a[href="mailto:info@vanguardveterans.org"]').length).toBeGreaterThan(0);
    });
  }

  test("the refund policy states the return and cancellation windows", async ({ visitor }) => {
    const page = await visitor.get("/refund");
    expect(page.text("main")).toContain("within 30 days");
    const tables = page.$("main table").filter((_, table) => normalize(page.$(table).children("caption").text()) === "Refunds for course and event cancellations" || page.$(table).attr("aria-label") === "Refunds for course and event cancellations");
    expect(tables).toHaveLength(1);
    const headers = tables.find("thead th, th[scope=col]").toArray().map((th) => normalize(page.$(th).text()));
    expect(headers).toEqual(["When you cancel", "What you receive"]);
    const rows = tables.find("tr").filter((_, row) => /7 or more days before the start/.test(normalize(page.$(row).text())));
    expect(rows).toHaveLength(1);
    expect(normalize(rows.text())).toContain("A full refund.");
  });
});
