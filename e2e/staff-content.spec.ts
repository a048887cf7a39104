/**
 * The staff area's Content pages with JavaScript (staff capability 6): an axe scan of every list and of
 * an edit page of each kind, each add form's refusal with the focus on the field (and a scan of the
 * refused states), and an FAQ and a training program with a course added, saved and deleted in place.
 * What the public pages show after each change, every refusal's message and the 404s:
 * e2e/http/staff-content.spec.ts.
 *
 * The public specs count the sample content exactly, so every row made here is deleted within the
 * same test.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signedInAs } from "./staff-session";

const tag = () => `${test.info().project.name} ${Date.now().toString(36)}`;

function statusWith(page: Page, text: string | RegExp) {
  return page.getByRole("status").filter({ hasText: text });
}

test("every content list and an edit page of each kind pass axe; each add form's refusal takes the focus, and its refused state passes axe", async ({ browser }) => {
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto("/admin/content");
  await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
  await expectNoA11yViolations(page);

  // FAQs: empty, then a question that exists already.
  await page.goto("/admin/content/faqs");
  await expect(page.getByRole("heading", { level: 1, name: "FAQs" })).toBeVisible();
  await expectNoA11yViolations(page);
  const faq = page.getByRole("region", { name: "Add an FAQ" });
  await faq.getByRole("button", { name: "Add FAQ" }).click();
  await expect(faq.getByText("Enter the question.")).toBeVisible();
  await expect(faq.getByText("Enter the answer.")).toBeVisible();
  await expect(faq.getByRole("textbox", { name: "Question" })).toBeFocused();
  await expect(faq.getByRole("textbox", { name: "Question" })).toHaveAttribute("aria-invalid", "true");
  await faq.getByRole("textbox", { name: "Question" }).fill("do i need to be a veteran to join?");
  await faq.getByRole("textbox", { name: "Answer" }).fill("A second answer.");
  await faq.getByRole("button", { name: "Add FAQ" }).click();
  await expect(faq.getByText("An FAQ with this question already exists. Edit that one, or ask it differently.")).toBeVisible();
  await expect(faq.getByRole("textbox", { name: "Answer" }), "what was typed stays").toHaveValue("A second answer.");
  await expectNoA11yViolations(page);

  // Leadership: no photo, then a photo from another site.
  await page.goto("/admin/content/leaders");
  await expect(page.getByRole("heading", { level: 1, name: "Leadership" })).toBeVisible();
  await expectNoA11yViolations(page);
  const leader = page.getByRole("region", { name: "Add a profile" });
  await leader.getByRole("textbox", { name: "Name" }).fill(`Jordan Hayes ${tag()}`);
  await leader.getByRole("textbox", { name: "Role" }).fill("Volunteer Coordinator");
  await leader.getByRole("textbox", { name: "Service" }).fill("U.S. Coast Guard veteran, 6 years");
  await leader.getByRole("textbox", { name: "Short bio" }).fill("Jordan keeps our volunteers organised.");
  await leader.getByRole("textbox", { name: "Photo description" }).fill("Portrait of Jordan Hayes");
  await leader.getByRole("button", { name: "Add profile" }).click();
  await expect(leader.getByText("Upload a photo, or enter the path of one already on the site.")).toBeVisible();
  await expect(leader.getByLabel("Upload a photo")).toBeFocused();
  await leader.getByRole("textbox", { name: "Or the path of a photo on the site" }).fill("https://evil.example/me.webp");
  await leader.getByRole("button", { name: "Add profile" }).click();
  await expect(leader.getByText(/Enter a path like \/images\/team\/jane-doe\.webp/)).toBeVisible();
  await expect(leader.getByRole("textbox", { name: "Or the path of a photo on the site" })).toBeFocused();

  // Training programs: a web address another program uses.
  await page.goto("/admin/content/training");
  await expect(page.getByRole("heading", { level: 1, name: "Training programs" })).toBeVisible();
  await expectNoA11yViolations(page);
  const program = page.getByRole("region", { name: "Add a program" });
  await fillProgram(page, "firearms");
  await program.getByRole("button", { name: "Add program" }).click();
  await expect(program.getByText("Another program already uses this web address. Choose another.")).toBeVisible();
  await expect(program.getByRole("textbox", { name: "Web address" })).toBeFocused();

  // Training locations: a ZIP code that is not one.
  await page.goto("/admin/content/locations");
  await expect(page.getByRole("heading", { level: 1, name: "Training locations" })).toBeVisible();
  await expectNoA11yViolations(page);
  const location = page.getByRole("region", { name: "Add a location" });
  await location.getByRole("textbox", { name: "Name" }).fill(`Canyon Lake Marina ${tag()}`);
  await location.getByRole("textbox", { name: "Street address" }).fill("1 Marina Way");
  await location.getByRole("textbox", { name: "City" }).fill("Canyon Lake");
  await location.getByRole("textbox", { name: "State" }).fill("TX");
  await location.getByRole("textbox", { name: "ZIP code" }).fill("ABCDE");
  await location.getByRole("textbox", { name: "What happens there" }).fill("Sailing courses.");
  await location.getByRole("button", { name: "Add location" }).click();
  await expect(location.getByText("Enter a ZIP code like 78205 or 78205-1234.")).toBeVisible();

  // Contact details: a bad email, phone and no hours.
  await page.goto("/admin/content/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact details and hours" })).toBeVisible();
  await expectNoA11yViolations(page);
  const panel = page.getByRole("region", { name: "How to reach the association" });
  await panel.getByRole("textbox", { name: "Email address" }).fill("not-an-address");
  await panel.getByRole("textbox", { name: "Phone number" }).fill("call me");
  await panel.getByRole("textbox", { name: "Phone hours" }).fill("");
  await panel.getByRole("button", { name: "Save contact details" }).click();
  await expect(panel.getByText("Enter an email address like info@example.org.")).toBeVisible();
  await expect(panel.getByText(/^Enter a phone number like/)).toBeVisible();
  await expect(panel.getByText("Enter the phone hours.")).toBeVisible();
  await expect(panel.getByRole("textbox", { name: "Email address" })).toBeFocused();
  await expectNoA11yViolations(page);

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

async function fillProgram(page: Page, address: string) {
  const add = page.getByRole("region", { name: "Add a program" });
  await add.getByRole("textbox", { name: "Web address" }).fill(address);
  await add.getByRole("textbox", { name: "Title" }).fill("Sailing");
  await add.getByRole("textbox", { name: "One-line summary" }).fill("Crew a boat on Canyon Lake.");
  await add.getByRole("textbox", { name: "Description", exact: true }).fill("Knots, crewing and water safety.");
  await add.getByRole("textbox", { name: "Picture", exact: true }).fill("/images/programs/outdoor.webp");
  await add.getByRole("textbox", { name: "Picture description" }).fill("A sailboat on a lake");
}

test("with JavaScript, an FAQ is added, saved and deleted, and a program gets a course (its page passes axe), saved, and is deleted with it", async ({ browser }) => {
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  const question = `Can I bring my service dog (${tag()})?`;
  await page.goto("/admin/content/faqs");
  const add = page.getByRole("region", { name: "Add an FAQ" });
  await add.getByRole("textbox", { name: "Question" }).fill(question);
  await add.getByRole("textbox", { name: "Answer" }).fill("Yes: service dogs are welcome everywhere.");
  await add.getByRole("button", { name: "Add FAQ" }).click();
  await expect(statusWith(page, "FAQ added")).toHaveText(`FAQ added: “${question}”.`);
  try {
    await page.getByRole("link", { name: `${question} (edit)` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit FAQ" })).toBeVisible();
    await page.getByRole("textbox", { name: "Answer" }).fill("Yes, service dogs are welcome at every course.");
    await page.getByRole("button", { name: "Save FAQ" }).click();
    await expect(statusWith(page, "FAQ saved")).toBeVisible();
  } finally {
    await page.goto("/admin/content/faqs");
    await page.getByRole("link", { name: `${question} (edit)` }).click();
    await page.getByRole("checkbox", { name: "Yes, delete this FAQ" }).check();
    await page.getByRole("button", { name: "Delete this FAQ" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/content\/faqs\?done=deleted$/);
  await expect(page.getByRole("status").filter({ hasText: "The FAQ was deleted." })).toBeVisible();
  await expect(page.getByRole("link", { name: `${question} (edit)` })).toHaveCount(0);

  const slug = `sailing-${test.info().project.name}-${Date.now().toString(36)}`;
  await page.goto("/admin/content/training");
  await fillProgram(page, slug);
  await page.getByRole("region", { name: "Add a program" }).getByRole("button", { name: "Add program" }).click();
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

    const knots = page.getByRole("region", { name: "Knots and Lines" });
    await knots.getByRole("textbox", { name: "Course title" }).fill("Knots, Lines and Hitches");
    await knots.getByRole("combobox", { name: "Duration" }).selectOption("2 Days");
    await knots.getByRole("button", { name: "Save Knots and Lines" }).click();
    await expect(statusWith(page, "Course saved")).toHaveText("Course saved: Knots, Lines and Hitches.");
  } finally {
    await page.goto(`/admin/content/training/${slug}`);
    await page.getByRole("button", { name: "Delete this program" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/content\/training\?done=deleted$/);
  await expect(page.getByRole("status").filter({ hasText: "The program and its courses were deleted." })).toBeVisible();
  await context.close();
});
