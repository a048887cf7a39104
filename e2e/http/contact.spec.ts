/**
 * The contact page as the server sends it, and its form without JavaScript: a plain multipart post to
 * the page, refused with a 422 beside the field, acknowledged by email. The map, the form with
 * JavaScript and axe: e2e/contact.spec.ts.
 */
import { randomUUID } from "node:crypto";
import { waitForEmail } from "../outbox";
import { expect, test } from "./fixtures";
import type { HttpForm, HttpPage } from "./text-browser";

function fillValid(page: HttpPage, subject: string, email = "jordan@example.com"): HttpForm {
  return page
    .form({ button: "Send Message" })
    .fill("Name", "Jordan Hayes")
    .fill("Email", email)
    .fill("Phone (optional)", "210 555 0100")
    .select("Category", "membership")
    .fill("Subject", subject)
    .fill("Message", "How do I renew my membership?")
    .check(/I agree to the privacy policy/);
}

test("shows contact details, four locations with a map and directions each, and five FAQs", async ({ visitor }) => {
  const page = await visitor.get("/contact");
  expect(page.heading(1)).toBe("Get in Touch");
  const main = page.text("main");
  expect(main).toContain("within 24 hours");
  expect(main).toContain("Monday to Friday, 9AM to 5PM CT");
  expect(page.region("Training Locations").find("li")).toHaveLength(4);
  expect(page.text("body")).not.toMatch(/coming soon/i);
  const faqs = page.region("Frequently Asked Questions").find("details").toArray();
  expect(faqs).toHaveLength(5);
  const discounts = faqs.find((faq) => page.text(faq).includes("Do you offer discounts?"))!;
  // How the verified service discount works now (ADR 0019): asked from the profile, applied at checkout, never on top of member pricing.
  for (const text of [/can ask to be verified from their profile/, /applied automatically at checkout/, /the better of their member pricing and this discount, not both/]) {
    expect(page.text(discounts).replace(/\n/g, " ")).toMatch(text);
  }
});

test("a category in the address preselects the form", async ({ visitor }) => {
  const page = await visitor.get("/contact?category=donation");
  expect(page.control("Category").find("option[selected]").attr("value")).toBe("donation");
});

test("the form posts and confirms, and the sender gets the acknowledgement that repeats the page's promise", async ({ visitor }) => {
  const sender = `jordan-${randomUUID()}@example.com`;
  const sent = await fillValid(await visitor.get("/contact"), "No-JS posts", sender).submit();
  expect(sent.status).toBe(200);
  expect(sent.text("main [role=status], main")).toContain("Message Sent!");
  expect(sent.link("Send Another Message").href).toBe("/contact");
  // The page's promise, repeated in the acknowledgement (which goes out at once, through the outbox).
  expect((await waitForEmail(sender, "contact-acknowledgement")).textBody).toContain("We respond to every message within 24 hours.");
});

test("invalid input comes back with errors and the typed values", async ({ visitor }) => {
  const refused = await fillValid(await visitor.get("/contact"), "No-JS keeps values").fill("Phone (optional)", "not a phone").submit();
  expect(refused.status).toBe(422);
  expect(refused.fieldError("Phone (optional)")).toContain("Phone may contain only digits");
  expect(refused.control("Subject").val()).toBe("No-JS keeps values");
  expect(refused.control("Name").val()).toBe("Jordan Hayes");
});

test("a text browser's reader who types into the spam trap is told to clear it, keeps the message, then sends it", async ({ visitor }) => {
  // What lynx or w3m shows (they ignore CSS): a field whose label says to leave it empty.
  const trapped = await fillValid(await visitor.get("/contact"), "Typed into every field").fill("Leave this field empty (it catches spam robots)", "https://my-site.example").submit();
  expect(trapped.status).toBe(422);
  expect(trapped.fieldError("Leave this field empty (it catches spam robots)")).toBe("This field must stay empty: it is there to catch spam robots. Clear it and send again.");
  expect(trapped.control("Subject").val()).toBe("Typed into every field");
  const sent = await trapped.form({ button: "Send Message" }).fill("Leave this field empty (it catches spam robots)", "").check(/I agree to the privacy policy/).submit();
  expect(sent.status).toBe(200);
  expect(sent.text()).toContain("Message Sent!");
});
