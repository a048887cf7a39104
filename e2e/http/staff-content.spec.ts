/**
 * The staff Content pages as the server answers them (staff capability 6): FAQs, leadership profiles,
 * training programs and courses, training locations and the association's contact details — each added
 * or changed with plain form posts and shown on the public page on the next request; bad input answered
 * with a 422 beside the field, changing nothing. The pages with JavaScript and axe: e2e/staff-content.spec.ts.
 *
 * THESE TESTS CHANGE PUBLIC CONTENT for a moment: the public specs count the sample content exactly, so
 * every row made here is deleted within the same test (in a `finally`), and the contact details are put
 * back. Run them where the desktop-content project's browser tests run, after the specs that count.
 */
import sharp from "sharp";
import { locationIdByName, pickupOrderAt, restoreSiteContact, sampleLocationId, siteContactRow } from "../content-db";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

const tag = () => `http ${Date.now().toString(36)}`;
const regionText = (page: HttpPage, name: string) => page.text(page.region(name)[0]!);
/** The messages beside the fields of the form in the region named so. */
const errorsIn = (page: HttpPage, region: string) => regionText(page, region);

/** Follows the "(edit)" link of a row of a content list, and presses the delete button there. */
async function deleteFrom(staff: TextBrowser, list: string, row: string, button: string, confirm?: string): Promise<HttpPage> {
  const edit = await (await staff.get(list)).follow(`${row} (edit)`);
  const form = edit.form({ button });
  return (confirm ? form.check(confirm) : form).submit(button);
}

test("staff find the content pages from the navigation", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const content = await (await staff.get("/admin")).follow("Content", "nav[aria-label='Staff area']");
  expect(content.heading(1)).toBe("Content");
  for (const [link, heading] of [
    ["FAQs", "FAQs"],
    ["Leadership", "Leadership"],
    ["Training programs and courses", "Training programs"],
    ["Training locations", "Training locations"],
    ["Contact details and hours", "Contact details and hours"],
  ] as const) {
    expect((await content.follow(link, "main")).heading(1), link).toBe(heading);
  }
});

test("an edit page of each kind of content is linked from its list", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  for (const [list, row, heading] of [
    ["/admin/content/faqs", "Do you offer discounts?", "Edit FAQ"],
    ["/admin/content/leaders", "Elena Vasquez", "Edit profile: Elena Vasquez"],
    ["/admin/content/locations", "Liberty Range", "Edit location: Liberty Range"],
    ["/admin/content/training", "Elite Fitness", "Edit program: Elite Fitness"],
  ] as const) {
    const page = await (await staff.get(list)).follow(`${row} (edit)`);
    expect(page.status, list).toBe(200);
    expect(page.heading(1)).toBe(heading);
  }
});

test("an FAQ is added, shown on the contact page, edited and deleted; empty and duplicate questions are refused next to the field", async ({ signedIn, visitor }) => {
  const { browser: staff } = await signedIn("staff");
  const question = `Can I bring my service dog (${tag()})?`;
  const faqs = await staff.get("/admin/content/faqs");
  const add = () => faqs.form({ button: "Add FAQ" });

  const empty = await add().submit();
  expect(empty.status).toBe(422);
  expect(empty.fieldError("Question")).toContain("Enter the question.");
  expect(empty.fieldError("Answer")).toContain("Enter the answer.");
  expect(empty.control("Question").attr("aria-invalid")).toBe("true");

  const duplicate = await add().fill("Question", "do i need to be a veteran to join?").fill("Answer", "A second answer.").submit();
  expect(duplicate.status).toBe(422);
  expect(errorsIn(duplicate, "Add an FAQ")).toContain("An FAQ with this question already exists. Edit that one, or ask it differently.");
  expect(duplicate.control("Answer").text(), "what was typed stays").toBe("A second answer.");

  const added = await add().fill("Question", question).fill("Answer", "Yes: <b>service dogs</b> are welcome everywhere.").fill("Position", "0").submit();
  try {
    expect(added.statuses("FAQ added")).toEqual([`FAQ added: “${question}”.`]);
    const contact = await visitor.get("/contact");
    const faq = contact.region("Frequently Asked Questions").find("details").filter((_, el) => contact.text(el).includes(question));
    expect(faq).toHaveLength(1);
    expect(contact.text(faq[0]!)).toContain("Yes: <b>service dogs</b> are welcome everywhere.");

    const edit = await added.follow(`${question} (edit)`);
    expect(edit.heading(1)).toBe("Edit FAQ");
    const saved = await edit.form({ button: "Save FAQ" }).fill("Answer", "Yes, service dogs are welcome at every course.").submit();
    expect(saved.statuses("FAQ saved")).toHaveLength(1);
    expect(regionText(await visitor.get("/contact"), "Frequently Asked Questions")).toContain("Yes, service dogs are welcome at every course.");
  } finally {
    const deleted = await deleteFrom(staff, "/admin/content/faqs", question, "Delete this FAQ", "Yes, delete this FAQ");
    expect(deleted.path).toBe("/admin/content/faqs?done=deleted");
    expect(deleted.statuses("The FAQ was deleted.")).toHaveLength(1);
    expect(deleted.links(`${question} (edit)`)).toEqual([]);
  }
  expect(regionText(await visitor.get("/contact"), "Frequently Asked Questions")).not.toContain(question);
});

test("a leadership profile is added with an uploaded photo and its description, shown on the about page, and deleted", async ({ signedIn, visitor }) => {
  const { browser: staff } = await signedIn("staff");
  const name = `Jordan Hayes ${tag()}`;
  const leaders = await staff.get("/admin/content/leaders");
  const add = () =>
    leaders
      .form({ button: "Add profile" })
      .fill("Name", name)
      .fill("Role", "Volunteer Coordinator")
      .fill("Service", "U.S. Coast Guard veteran, 6 years")
      .fill("Short bio", "Jordan keeps our volunteers organised.")
      .fill("Photo description", `Portrait of ${name}`);

  const noPhoto = await add().submit();
  expect(noPhoto.status).toBe(422);
  expect(errorsIn(noPhoto, "Add a profile")).toContain("Upload a photo, or enter the path of one already on the site.");
  const elsewhere = await add().fill("Or the path of a photo on the site", "https://evil.example/me.webp").submit();
  expect(elsewhere.status).toBe(422);
  expect(errorsIn(elsewhere, "Add a profile")).toMatch(/Enter a path like \/images\/team\/jane-doe\.webp/);
  const notPicture = await add().attach("Upload a photo", { name: "me.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<?php echo 'not an image'; ?>") }).submit();
  expect(notPicture.status).toBe(422);
  expect(errorsIn(notPicture, "Add a profile")).toContain("This file is not a picture we can read. Choose a JPEG, PNG, WebP or AVIF image.");

  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#1b2a41" } }).jpeg().toBuffer();
  const added = await add().attach("Upload a photo", { name: "jordan.jpg", mimeType: "image/jpeg", buffer: photo }).submit();
  try {
    expect(added.statuses("added to the leadership")).toEqual([`${name} added to the leadership.`]);
    const about = await visitor.get("/about");
    const card = about.region("Our leadership").find("article").filter((_, el) => about.text(el).includes(name));
    expect(card).toHaveLength(1);
    expect(about.text(card.find("h3")[0]!)).toBe(name);
    const portrait = card.find(`img[alt='Portrait of ${name}']`);
    expect(portrait).toHaveLength(1);
    expect(portrait.attr("src")).toMatch(/^\/media\/\d+-[0-9a-f]{16}\/400\.webp$/);
    expect((await visitor.request.get(portrait.attr("src")!)).status()).toBe(200);
    expect(about.text(card[0]!)).toContain("Volunteer Coordinator");
  } finally {
    const edit = await (await staff.get("/admin/content/leaders")).follow(`${name} (edit)`);
    expect(edit.$(`main img[alt='Portrait of ${name}']`)).toHaveLength(1);
    const deleted = await edit.form({ button: "Delete this profile" }).submit("Delete this profile");
    expect(deleted.statuses("The profile was deleted.")).toHaveLength(1);
  }
  expect(regionText(await visitor.get("/about"), "Our leadership")).not.toContain(name);
});

test("a training program gets a course, shows on its public page, and is deleted with it; unknown programs are a 404", async ({ signedIn, visitor }) => {
  const { browser: staff } = await signedIn("staff");
  const slug = `sailing-http-${Date.now().toString(36)}`;
  const training = await staff.get("/admin/content/training");
  const add = (address: string) =>
    training
      .form({ button: "Add program" })
      .fill("Web address", address)
      .fill("Title", "Sailing")
      .fill("One-line summary", "Crew a boat on Canyon Lake.")
      .fill("Description", "Knots, crewing and water safety.")
      .fill("Picture", "/images/programs/outdoor.webp")
      .fill("Picture description", "A sailboat on a lake");

  const taken = await add("firearms").submit();
  expect(taken.status).toBe(422);
  expect(errorsIn(taken, "Add a program")).toContain("Another program already uses this web address. Choose another.");

  const created = await add(slug).submit();
  try {
    expect(created.path).toBe(`/admin/content/training/${slug}?done=created`);
    expect(created.heading(1)).toBe("Edit program: Sailing");
    const withCourse = await created.form({ button: "Add course" }).fill("Course title", "Knots and Lines").select("Level", "Beginner").select("Duration", "1 Day").submit();
    expect(withCourse.statuses("Course added")).toEqual(["Course added: Knots and Lines."]);
    expect(withCourse.heading(2).split("\n")).toContain("Courses (1)");

    const publicPage = await visitor.get(`/training/${slug}`);
    expect(publicPage.heading(1)).toBe("Sailing");
    expect(publicPage.text("main")).toContain("Knots and Lines");

    const saved = await withCourse.form({ button: "Save Knots and Lines" }).fill("Course title", "Knots, Lines and Hitches").select("Duration", "2 Days").submit("Save Knots and Lines");
    expect(saved.statuses("Course saved")).toEqual(["Course saved: Knots, Lines and Hitches."]);
    const changed = await visitor.get(`/training/${slug}`);
    expect(changed.text("main")).toContain("Knots, Lines and Hitches");
    expect(changed.text("main")).toContain("2 Days");
  } finally {
    const deleted = await (await staff.get(`/admin/content/training/${slug}`)).form({ button: "Delete this program" }).submit("Delete this program");
    expect(deleted.path).toBe("/admin/content/training?done=deleted");
    expect(deleted.statuses("The program and its courses were deleted.")).toHaveLength(1);
  }
  expect((await visitor.get(`/training/${slug}`)).status).toBe(404);
  for (const bad of [`/admin/content/training/${slug}`, "/admin/content/training/NO%20SUCH", "/admin/content/faqs/999999999", "/admin/content/faqs/abc", "/admin/content/leaders/0", "/admin/content/locations/99999999999999"]) {
    expect((await staff.get(bad)).status, bad).toBe(404);
  }
});

test("a training location that orders pick up from cannot be deleted, and says why; a new one is added, listed and deleted", async ({ signedIn, visitor }) => {
  const { browser: staff } = await signedIn("staff");
  await pickupOrderAt(await sampleLocationId("Liberty Range"));
  const liberty = await staff.get(`/admin/content/locations/${await sampleLocationId("Liberty Range")}`);
  expect(regionText(liberty, "Delete")).toMatch(/This location cannot be deleted: it is the pickup location of \d+ orders?/);
  expect(liberty.buttons("main")).not.toContain("Delete this location");

  const name = `Canyon Lake Marina ${tag()}`;
  const locations = await staff.get("/admin/content/locations");
  const add = () =>
    locations
      .form({ button: "Add location" })
      .fill("Name", "LIBERTY RANGE")
      .fill("Street address", "1 Marina Way")
      .fill("City", "Canyon Lake")
      .fill("State", "TX")
      .fill("ZIP code", "78133")
      .fill("What happens there", "Sailing courses.");
  const badZip = await add().fill("ZIP code", "ABCDE").submit();
  expect(badZip.status).toBe(422);
  expect(errorsIn(badZip, "Add a location")).toContain("Enter a ZIP code like 78205 or 78205-1234.");
  const sameName = await add().submit();
  expect(sameName.status).toBe(422);
  expect(errorsIn(sameName, "Add a location")).toContain("A training location already has this name. Choose another name.");
  const added = await add().fill("Name", name).submit();
  expect(added.statuses("added to the training locations")).toHaveLength(1);
  const id = await locationIdByName(name);
  try {
    const contact = await visitor.get("/contact");
    expect(regionText(contact, "Training Locations")).toContain(name);
    expect(regionText(contact, "Training Locations")).toContain("1 Marina Way, Canyon Lake, TX 78133");
  } finally {
    const deleted = await (await staff.get(`/admin/content/locations/${id}`)).form({ button: "Delete this location" }).submit("Delete this location");
    expect(deleted.statuses("The location was deleted.")).toHaveLength(1);
  }
  expect(regionText(await visitor.get("/contact"), "Training Locations")).not.toContain(name);
});

test("the contact details and hours: a bad email and phone are refused, a change shows on the contact page and in the footer", async ({ signedIn, visitor }) => {
  const { browser: staff } = await signedIn("staff");
  const saved = await siteContactRow();
  const page = await staff.get("/admin/content/contact");
  const panel = () => page.form({ button: "Save contact details" });
  expect(page.control("Email address").val()).toMatch(/@/);
  const refused = await panel().fill("Email address", "not-an-address").fill("Phone number", "call me").fill("Phone hours", "").submit();
  expect(refused.status).toBe(422);
  const said = regionText(refused, "How to reach the association");
  expect(said).toContain("Enter an email address like info@example.org.");
  expect(said).toMatch(/Enter a phone number like/);
  expect(said).toContain("Enter the phone hours.");

  const hours = `Tuesday to Saturday, 10AM to 6PM CT (${tag()})`;
  try {
    const changed = await panel().fill("Email address", "hello@vanguardveterans.org").fill("Phone number", "(210) 555-0199").fill("Phone hours", hours).submit();
    expect(changed.statuses("Contact details saved")).toHaveLength(1);
    const contact = await visitor.get("/contact");
    expect(regionText(contact, "Contact Details")).toContain(hours);
    expect(contact.link("(210) 555-0199", contact.region("Contact Details")[0]!).href).toBe("tel:+12105550199");
    expect(contact.link("hello@vanguardveterans.org", "footer").href).toBe("mailto:hello@vanguardveterans.org");
  } finally {
    await restoreSiteContact(saved);
  }
});

test("an FAQ is added, refused when empty, and deleted with plain form posts", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const question = `Is there a dress code (${tag()})?`;
  const faqs = await staff.get("/admin/content/faqs");
  const empty = await faqs.form({ button: "Add FAQ" }).submit();
  expect(empty.text("main")).toContain("Enter the question.");
  const added = await empty.form({ button: "Add FAQ" }).fill("Question", question).fill("Answer", "Comfortable clothes you can move in.").submit();
  try {
    expect(added.statuses("FAQ added")).toEqual([`FAQ added: “${question}”.`]);
    // Delete without ticking the box: refused beside it, and the FAQ stays.
    const unconfirmed = await deleteFrom(staff, "/admin/content/faqs", question, "Delete this FAQ");
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.fieldError("Yes, delete this FAQ")).toBe("Tick the box to confirm that this FAQ should be deleted.");
    expect((await staff.get("/admin/content/faqs")).links(`${question} (edit)`)).toHaveLength(1);
  } finally {
    const deleted = await deleteFrom(staff, "/admin/content/faqs", question, "Delete this FAQ", "Yes, delete this FAQ");
    expect(deleted.text("main")).toContain("The FAQ was deleted.");
    expect(deleted.links(`${question} (edit)`)).toEqual([]);
  }
});
