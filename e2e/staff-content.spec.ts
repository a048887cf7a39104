/**
 * The staff area's Content pages (staff capability 6): FAQs, leadership profiles, training programs
 * and courses, training locations, and the association's contact details — each edited by staff and
 * shown on the public page on the next request; bad input answered next to the field, changing
 * nothing — with an axe scan of every page.
 *
 * The public specs count the sample content exactly, so every row made here is deleted within the
 * same test, and the contact details are put back.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { locationIdByName, pickupOrderAt, restoreSiteContact, sampleLocationId, siteContactRow } from "./content-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signedInAs } from "./staff-session";

const tag = () => `${test.info().project.name} ${Date.now().toString(36)}`;

function statusWith(page: Page, text: string | RegExp) {
  return page.getByRole("status").filter({ hasText: text });
}

test("staff find the content pages from the navigation, and each list passes axe", async ({ browser }) => {
  test.slow();
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Content" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
  await expectNoA11yViolations(page);
  for (const [link, heading] of [
    ["FAQs", "FAQs"],
    ["Leadership", "Leadership"],
    ["Training programs and courses", "Training programs"],
    ["Training locations", "Training locations"],
    ["Contact details and hours", "Contact details and hours"],
  ] as const) {
    await page.goto("/admin/content");
    await page.getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNoA11yViolations(page);
  }
  await context.close();
});

test("an edit page of each kind of content passes axe", async ({ browser }) => {
  test.slow();
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  for (const [list, row, heading] of [
    ["/admin/content/faqs", "Do you offer discounts?", "Edit FAQ"],
    ["/admin/content/leaders", "Elena Vasquez", "Edit profile: Elena Vasquez"],
    ["/admin/content/locations", "Liberty Range", "Edit location: Liberty Range"],
    ["/admin/content/training", "Elite Fitness", "Edit program: Elite Fitness"],
  ] as const) {
    await page.goto(list);
    await page.getByRole("link", { name: `${row} (edit)` }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNoA11yViolations(page);
  }
  await context.close();
});

test("an FAQ is added, shown on the contact page, edited and deleted; empty and duplicate questions are refused next to the field", async ({ browser, page: visitor }) => {
  test.slow();
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  const question = `Can I bring my service dog (${tag()})?`;
  await page.goto("/admin/content/faqs");
  const add = page.getByRole("region", { name: "Add an FAQ" });

  await add.getByRole("button", { name: "Add FAQ" }).click();
  await expect(add.getByText("Enter the question.")).toBeVisible();
  await expect(add.getByText("Enter the answer.")).toBeVisible();
  await expect(add.getByRole("textbox", { name: "Question" })).toBeFocused();
  await expect(add.getByRole("textbox", { name: "Question" })).toHaveAttribute("aria-invalid", "true");

  await add.getByRole("textbox", { name: "Question" }).fill("do i need to be a veteran to join?");
  await add.getByRole("textbox", { name: "Answer" }).fill("A second answer.");
  await add.getByRole("button", { name: "Add FAQ" }).click();
  await expect(add.getByText("An FAQ with this question already exists. Edit that one, or ask it differently.")).toBeVisible();
  await expect(add.getByRole("textbox", { name: "Answer" }), "what was typed stays").toHaveValue("A second answer.");
  await expectNoA11yViolations(page);

  await add.getByRole("textbox", { name: "Question" }).fill(question);
  await add.getByRole("textbox", { name: "Answer" }).fill("Yes: <b>service dogs</b> are welcome everywhere.");
  await add.getByRole("spinbutton", { name: "Position" }).fill("0");
  await add.getByRole("button", { name: "Add FAQ" }).click();
  await expect(statusWith(page, "FAQ added")).toHaveText(`FAQ added: “${question}”.`);

  try {
    await visitor.goto("/contact");
    const faq = visitor.getByRole("region", { name: "Frequently Asked Questions" }).locator("details").filter({ hasText: question });
    await faq.locator("summary").click();
    await expect(faq).toContainText("Yes: <b>service dogs</b> are welcome everywhere.");

    await page.getByRole("link", { name: `${question} (edit)` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit FAQ" })).toBeVisible();
    await page.getByRole("textbox", { name: "Answer" }).fill("Yes, service dogs are welcome at every course.");
    await page.getByRole("button", { name: "Save FAQ" }).click();
    await expect(statusWith(page, "FAQ saved")).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole("region", { name: "Frequently Asked Questions" })).toContainText("Yes, service dogs are welcome at every course.");
  } finally {
    await page.goto("/admin/content/faqs");
    await page.getByRole("link", { name: `${question} (edit)` }).click();
    await page.getByRole("button", { name: "Delete this FAQ" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/content\/faqs\?done=deleted$/);
  await expect(page.getByRole("status").filter({ hasText: "The FAQ was deleted." })).toBeVisible();
  await expect(page.getByRole("link", { name: `${question} (edit)` })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole("region", { name: "Frequently Asked Questions" })).not.toContainText(question);
  await context.close();
});

test("a leadership profile is added with an uploaded photo and its description, shown on the about page, and deleted", async ({ browser, page: visitor }) => {
  test.slow();
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  const name = `Jordan Hayes ${tag()}`;
  await page.goto("/admin/content/leaders");
  const add = page.getByRole("region", { name: "Add a profile" });
  await add.getByRole("textbox", { name: "Name" }).fill(name);
  await add.getByRole("textbox", { name: "Role" }).fill("Volunteer Coordinator");
  await add.getByRole("textbox", { name: "Service" }).fill("U.S. Coast Guard veteran, 6 years");
  await add.getByRole("textbox", { name: "Short bio" }).fill("Jordan keeps our volunteers organised.");
  await add.getByRole("textbox", { name: "Photo description" }).fill(`Portrait of ${name}`);
  await add.getByRole("button", { name: "Add profile" }).click();
  await expect(add.getByText("Upload a photo, or enter the path of one already on the site.")).toBeVisible();
  await expect(add.getByLabel("Upload a photo")).toBeFocused();

  await add.getByRole("textbox", { name: "Or the path of a photo on the site" }).fill("https://evil.example/me.webp");
  await add.getByRole("button", { name: "Add profile" }).click();
  await expect(add.getByText(/Enter a path like \/images\/team\/jane-doe\.webp/)).toBeVisible();
  await expect(add.getByRole("textbox", { name: "Or the path of a photo on the site" })).toBeFocused();

  await add.getByLabel("Upload a photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<?php echo 'not an image'; ?>") });
  await add.getByRole("textbox", { name: "Or the path of a photo on the site" }).fill("");
  await add.getByRole("button", { name: "Add profile" }).click();
  await expect(add.getByText("This file is not a picture we can read. Choose a JPEG, PNG, WebP or AVIF image.")).toBeVisible();

  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#1b2a41" } }).jpeg().toBuffer();
  await add.getByLabel("Upload a photo").setInputFiles({ name: "jordan.jpg", mimeType: "image/jpeg", buffer: photo });
  await add.getByRole("button", { name: "Add profile" }).click();
  await expect(statusWith(page, "added to the leadership")).toHaveText(`${name} added to the leadership.`);
  try {
    await visitor.goto("/about");
    const card = visitor.getByRole("region", { name: "Our leadership" }).getByRole("article").filter({ hasText: name });
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(name);
    const portrait = card.getByRole("img", { name: `Portrait of ${name}` });
    await expect(portrait).toBeVisible();
    await expect(portrait).toHaveAttribute("src", /^\/media\/\d+-[0-9a-f]{16}\/400\.webp$/);
    expect((await visitor.request.get((await portrait.getAttribute("src"))!)).status()).toBe(200);
    await expect(card).toContainText("Volunteer Coordinator");
  } finally {
    await page.getByRole("link", { name: `${name} (edit)` }).click();
    await expect(page.getByRole("img", { name: `Portrait of ${name}` })).toBeVisible();
    await page.getByRole("button", { name: "Delete this profile" }).click();
  }
  await expect(page.getByRole("status").filter({ hasText: "The profile was deleted." })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("region", { name: "Our leadership" })).not.toContainText(name);
  await context.close();
});

test("a training program gets a course, shows on its public page, and is deleted with it; unknown programs are a 404", async ({ browser, page: visitor }) => {
  test.slow();
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  const slug = `sailing-${test.info().project.name}-${Date.now().toString(36)}`;
  await page.goto("/admin/content/training");
  const add = page.getByRole("region", { name: "Add a program" });
  await add.getByRole("textbox", { name: "Web address" }).fill("firearms");
  await add.getByRole("textbox", { name: "Title" }).fill("Sailing");
  await add.getByRole("textbox", { name: "One-line summary" }).fill("Crew a boat on Canyon Lake.");
  await add.getByRole("textbox", { name: "Description", exact: true }).fill("Knots, crewing and water safety.");
  await add.getByRole("textbox", { name: "Picture", exact: true }).fill("/images/programs/outdoor.webp");
  await add.getByRole("textbox", { name: "Picture description" }).fill("A sailboat on a lake");
  await add.getByRole("button", { name: "Add program" }).click();
  await expect(add.getByText("Another program already uses this web address. Choose another.")).toBeVisible();
  await expect(add.getByRole("textbox", { name: "Web address" })).toBeFocused();

  await add.getByRole("textbox", { name: "Web address" }).fill(slug);
  await add.getByRole("button", { name: "Add program" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/content/training/${slug}\\?done=created$`));
  await expect(page.getByRole("heading", { level: 1, name: "Edit program: Sailing" })).toBeVisible();
  try {
    const course = page.getByRole("region", { name: "Add a course" });
    await course.getByRole("textbox", { name: "Course title" }).fill("Knots and Lines");
    await course.getByRole("combobox", { name: "Level" }).selectOption("Beginner");
    await course.getByRole("combobox", { name: "Duration" }).selectOption("1 Day");
    await course.getByRole("button", { name: "Add course" }).click();
    await expect(statusWith(page, "Course added")).toHaveText("Course added: Knots and Lines.");
    await expect(page.getByRole("heading", { level: 2, name: "Courses (1)" })).toBeVisible();
    await expectNoA11yViolations(page);

    await visitor.goto(`/training/${slug}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Sailing");
    await expect(visitor.getByRole("main")).toContainText("Knots and Lines");

    const knots = page.getByRole("region", { name: "Knots and Lines" });
    await knots.getByRole("textbox", { name: "Course title" }).fill("Knots, Lines and Hitches");
    await knots.getByRole("combobox", { name: "Duration" }).selectOption("2 Days");
    await knots.getByRole("button", { name: "Save Knots and Lines" }).click();
    await expect(statusWith(page, "Course saved")).toHaveText("Course saved: Knots, Lines and Hitches.");
    await visitor.reload();
    await expect(visitor.getByRole("main")).toContainText("Knots, Lines and Hitches");
    await expect(visitor.getByRole("main")).toContainText("2 Days");
  } finally {
    await page.goto(`/admin/content/training/${slug}`);
    await page.getByRole("button", { name: "Delete this program" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/content\/training\?done=deleted$/);
  await expect(page.getByRole("status").filter({ hasText: "The program and its courses were deleted." })).toBeVisible();
  expect((await visitor.goto(`/training/${slug}`))?.status()).toBe(404);
  for (const bad of [`/admin/content/training/${slug}`, "/admin/content/training/NO%20SUCH", "/admin/content/faqs/999999999", "/admin/content/faqs/abc", "/admin/content/leaders/0", "/admin/content/locations/99999999999999"]) {
    expect((await page.goto(bad))?.status(), bad).toBe(404);
  }
  await context.close();
});

test("a training location that orders pick up from cannot be deleted, and says why; a new one is added, listed and deleted", async ({ browser, page: visitor }) => {
  test.slow();
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await pickupOrderAt(await sampleLocationId("Liberty Range"));
  await page.goto(`/admin/content/locations/${await sampleLocationId("Liberty Range")}`);
  await expect(page.getByRole("region", { name: "Delete" })).toContainText(/This location cannot be deleted: it is the pickup location of \d+ orders?/);
  await expect(page.getByRole("button", { name: "Delete this location" })).toHaveCount(0);

  const name = `Canyon Lake Marina ${tag()}`;
  await page.goto("/admin/content/locations");
  const add = page.getByRole("region", { name: "Add a location" });
  await add.getByRole("textbox", { name: "Name" }).fill("LIBERTY RANGE");
  await add.getByRole("textbox", { name: "Street address" }).fill("1 Marina Way");
  await add.getByRole("textbox", { name: "City" }).fill("Canyon Lake");
  await add.getByRole("textbox", { name: "State" }).fill("TX");
  await add.getByRole("textbox", { name: "ZIP code" }).fill("ABCDE");
  await add.getByRole("textbox", { name: "What happens there" }).fill("Sailing courses.");
  await add.getByRole("button", { name: "Add location" }).click();
  await expect(add.getByText("Enter a ZIP code like 78205 or 78205-1234.")).toBeVisible();
  await add.getByRole("textbox", { name: "ZIP code" }).fill("78133");
  await add.getByRole("button", { name: "Add location" }).click();
  await expect(add.getByText("A training location already has this name. Choose another name.")).toBeVisible();
  await add.getByRole("textbox", { name: "Name" }).fill(name);
  await add.getByRole("button", { name: "Add location" }).click();
  await expect(statusWith(page, "added to the training locations")).toBeVisible();
  const id = await locationIdByName(name);
  try {
    await visitor.goto("/contact");
    await expect(visitor.getByRole("region", { name: "Training Locations" })).toContainText(`${name}`);
    await expect(visitor.getByRole("region", { name: "Training Locations" })).toContainText("1 Marina Way, Canyon Lake, TX 78133");
  } finally {
    await page.goto(`/admin/content/locations/${id}`);
    await page.getByRole("button", { name: "Delete this location" }).click();
  }
  await expect(page.getByRole("status").filter({ hasText: "The location was deleted." })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("region", { name: "Training Locations" })).not.toContainText(name);
  await context.close();
});

test("the contact details and hours: a bad e-mail and phone are refused, a change shows on the contact page and in the footer", async ({ browser, page: visitor }) => {
  test.slow();
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  const saved = await siteContactRow();
  await page.goto("/admin/content/contact");
  const panel = page.getByRole("region", { name: "How to reach the association" });
  await expect(panel.getByRole("textbox", { name: "E-mail address" })).toHaveValue(/@/);
  await panel.getByRole("textbox", { name: "E-mail address" }).fill("not-an-address");
  await panel.getByRole("textbox", { name: "Phone number" }).fill("call me");
  await panel.getByRole("textbox", { name: "Phone hours" }).fill("");
  await panel.getByRole("button", { name: "Save contact details" }).click();
  await expect(panel.getByText("Enter an e-mail address like info@example.org.")).toBeVisible();
  await expect(panel.getByText(/^Enter a phone number like/)).toBeVisible();
  await expect(panel.getByText("Enter the phone hours.")).toBeVisible();
  await expect(panel.getByRole("textbox", { name: "E-mail address" })).toBeFocused();
  await expectNoA11yViolations(page);

  const hours = `Tuesday to Saturday, 10AM to 6PM CT (${tag()})`;
  try {
    await panel.getByRole("textbox", { name: "E-mail address" }).fill("hello@vanguardveterans.org");
    await panel.getByRole("textbox", { name: "Phone number" }).fill("(210) 555-0199");
    await panel.getByRole("textbox", { name: "Phone hours" }).fill(hours);
    await panel.getByRole("button", { name: "Save contact details" }).click();
    await expect(statusWith(page, "Contact details saved")).toBeVisible();
    await visitor.goto("/contact");
    const details = visitor.getByRole("region", { name: "Contact Details" });
    await expect(details).toContainText(hours);
    await expect(details.getByRole("link", { name: "(210) 555-0199" })).toHaveAttribute("href", "tel:+12105550199");
    await expect(visitor.getByRole("contentinfo").getByRole("link", { name: "hello@vanguardveterans.org" })).toHaveAttribute("href", "mailto:hello@vanguardveterans.org");
  } finally {
    await restoreSiteContact(saved);
  }
  await context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an FAQ is added, refused when empty, and deleted with plain form posts", async ({ browser }) => {
    test.slow();
    const staff = await signedInAs(browser, "staff");
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false, storageState: await staff.context.storageState() });
    const page = await context.newPage();
    const question = `Is there a dress code (${tag()})?`;
    await page.goto("/admin/content/faqs");
    const add = page.getByRole("region", { name: "Add an FAQ" });
    await add.getByRole("button", { name: "Add FAQ" }).click();
    await expect(page.getByText("Enter the question.")).toBeVisible();
    await page.getByRole("textbox", { name: "Question" }).fill(question);
    await page.getByRole("textbox", { name: "Answer" }).fill("Comfortable clothes you can move in.");
    await page.getByRole("button", { name: "Add FAQ" }).click();
    await expect(statusWith(page, "FAQ added")).toHaveText(`FAQ added: “${question}”.`);
    await page.getByRole("link", { name: `${question} (edit)` }).click();
    await page.getByRole("button", { name: "Delete this FAQ" }).click();
    await expect(page.getByText("The FAQ was deleted.")).toBeVisible();
    await expect(page.getByRole("link", { name: `${question} (edit)` })).toHaveCount(0);
    await Promise.all([context.close(), staff.context.close()]);
  });
});
