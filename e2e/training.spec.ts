import type { Locator } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";

type CourseRow = [title: string, level: string, duration: string];
interface ProgramCase {
  id: string;
  title: string;
  courses: CourseRow[];
}

const corePrograms: ProgramCase[] = [
  {
    id: "firearms",
    title: "Firearms Training",
    courses: [
      ["Firearms Safety Fundamentals", "Beginner", "1 Day"],
      ["Defensive Pistol", "Intermediate", "2 Days"],
      ["Precision Rifle", "Advanced", "3 Days"],
    ],
  },
  {
    id: "fitness",
    title: "Elite Fitness",
    courses: [
      ["Foundations of Strength", "Beginner", "8 Weeks"],
      ["Ruck Ready", "Intermediate", "12 Weeks"],
      ["Community PT", "All Levels", "Ongoing"],
    ],
  },
  {
    id: "tactical",
    title: "Tactical Consulting",
    courses: [
      ["Situational Awareness", "Beginner", "1 Day"],
      ["Emergency Preparedness Planning", "Intermediate", "2 Days"],
      ["Small Team Leadership", "Advanced", "3 Days"],
    ],
  },
];

const morePrograms: ProgramCase[] = [
  {
    id: "martial-arts",
    title: "Martial Arts",
    courses: [
      ["Combatives Basics", "Beginner", "8 Weeks"],
      ["Brazilian Jiu-Jitsu", "All Levels", "Ongoing"],
      ["Advanced Self-Defense", "Advanced", "12 Weeks"],
    ],
  },
  {
    id: "outdoor",
    title: "Outdoor Recreation",
    courses: [
      ["Land Navigation", "Beginner", "1 Day"],
      ["Weekend Backpacking", "Intermediate", "2 Days"],
      ["Wilderness First Aid", "All Levels", "3 Days"],
    ],
  },
];

async function expectCourseTable(scope: Locator, program: ProgramCase) {
  const table = scope.getByRole("table", { name: `${program.title} courses` });
  await expect(table.getByRole("columnheader")).toHaveText(["Course", "Level", "Duration"]);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(program.courses.length);
  for (const [i, course] of program.courses.entries()) {
    await expect(rows.nth(i).locator("th, td")).toHaveText(course);
  }
}

test.describe("training overview", () => {
  test("shows the three core program groups with courses and Learn More links", async ({ page }) => {
    await page.goto("/training");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Training Programs");
    await expect(page.getByTestId("program-group")).toHaveCount(3);

    for (const program of corePrograms) {
      const group = page.getByRole("region", { name: program.title, exact: true });
      await expect(group.getByRole("heading", { level: 2, name: program.title })).toBeVisible();
      await expect(group.getByRole("img")).toHaveAttribute("alt", /.+/);
      await expectCourseTable(group, program);
      const learnMore = group.getByRole("link", { name: /^Learn More/ });
      await expect(learnMore).toHaveAttribute("href", `/training/${program.id}`);
    }
  });

  test("links the other programs, explains the philosophy and quotes three members", async ({ page }) => {
    await page.goto("/training");

    const more = page.getByRole("region", { name: "More programs" });
    for (const program of morePrograms) {
      await expect(more.getByRole("link", { name: program.title })).toHaveAttribute("href", `/training/${program.id}`);
    }

    const philosophy = page.getByRole("region", { name: "How we train" });
    await expect(philosophy.getByRole("heading", { level: 3 })).toHaveText([
      "Safety first, every time",
      "Meet people where they are",
      "Train like a team",
    ]);

    const testimonials = page.getByRole("region", { name: "What our members say" }).locator("figure");
    await expect(testimonials).toHaveCount(3);
    for (const figure of await testimonials.all()) {
      await expect(figure.locator("blockquote")).not.toBeEmpty();
      await expect(figure.locator("figcaption")).not.toBeEmpty();
    }
    await expect(testimonials.first()).toContainText("The ruck program gave me a team again.");
    await expect(testimonials.first().locator("figcaption")).toContainText("James T.");
  });

  test("calls to action lead to the calendar and the contact page", async ({ page }) => {
    await page.goto("/training");
    const main = page.getByRole("main");
    await main.getByRole("link", { name: "View the Calendar" }).click();
    await page.waitForURL(/\/calendar$/);

    await page.goto("/training");
    await main.getByRole("link", { name: "Contact Us" }).click();
    await page.waitForURL(/\/contact(\?|$)/);
  });

  test("Learn More opens the program page", async ({ page }) => {
    await page.goto("/training");
    await page.getByRole("region", { name: "Elite Fitness", exact: true }).getByRole("link", { name: /^Learn More/ }).click();
    await page.waitForURL(/\/training\/fitness$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Elite Fitness");
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/training");
    await expectNoA11yViolations(page);
  });
});

test.describe("program pages", () => {
  for (const program of [...corePrograms, ...morePrograms]) {
    test(`/training/${program.id} shows the program, its courses and practical details`, async ({ page }) => {
      const response = await page.goto(`/training/${program.id}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(program.title));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(program.title);

      const main = page.getByRole("main");
      const image = main.locator(`img[src*="${program.id}"], img[srcset*="${program.id}"]`).first();
      await expect(image).toBeVisible();
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("height", "800");

      await expectCourseTable(main, program);
      for (const name of ["Who it's for", "What to bring"]) {
        const section = main.getByRole("region", { name });
        await expect(section.getByRole("listitem").first()).toBeVisible();
      }
      await expect(main.getByRole("link", { name: "View the Calendar" })).toHaveAttribute("href", "/calendar");
      await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", /^\/contact/);
      await expectNoA11yViolations(page);
    });
  }

  test("an unknown program answers 404", async ({ page }) => {
    const response = await page.goto("/training/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  });
});
