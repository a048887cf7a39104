/**
 * The training pages as the server sends them: the program groups, their course tables, the links, the
 * program pages and the 404. Axe and the pictures shown: e2e/training.spec.ts.
 */
import { expect, test } from "./fixtures";
import type { HttpPage } from "./text-browser";
import type { Cheerio } from "cheerio";
import type { Element } from "domhandler";

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

function expectCourseTable(page: HttpPage, scope: Cheerio<Element>, program: ProgramCase) {
  const table = scope.find("table").filter((_, t) => page.$(t).find("caption").text().trim() === `${program.title} courses` || t.attribs["aria-label"] === `${program.title} courses`);
  expect(table, `the ${program.title} courses table`).toHaveLength(1);
  expect(table.find("thead th").toArray().map((th) => page.$(th).text().trim())).toEqual(["Course", "Level", "Duration"]);
  const rows = table.find("tbody tr").toArray();
  expect(rows).toHaveLength(program.courses.length);
  for (const [i, course] of program.courses.entries()) {
    expect(page.$(rows[i]!).find("th, td").toArray().map((cell) => page.$(cell).text().trim())).toEqual(course);
  }
}

test("the overview shows the three core program groups with courses and Learn More links", async ({ visitor }) => {
  const page = await visitor.get("/training");
  expect(page.heading(1)).toBe("Training Programs");
  expect(page.byTestId("program-group")).toHaveLength(3);
  for (const program of corePrograms) {
    const group = page.region(program.title);
    expect(group.find("h2").text().trim()).toBe(program.title);
    expect(group.find("img").attr("alt")).toMatch(/.+/);
    expectCourseTable(page, group, program);
    expect(page.link(/^Learn More/, group[0]!).href).toBe(`/training/${program.id}`);
  }
});

test("the overview links the other programs, explains the philosophy and quotes three members", async ({ visitor }) => {
  const page = await visitor.get("/training");
  const more = page.region("More programs")[0]!;
  for (const program of morePrograms) expect(page.link(program.title, more).href).toBe(`/training/${program.id}`);

  expect(page.region("How we train").find("h3").toArray().map((h) => page.$(h).text().trim())).toEqual([
    "Safety first, every time",
    "Meet people where they are",
    "Train like a team",
  ]);

  const testimonials = page.region("What our members say").find("figure").toArray();
  expect(testimonials).toHaveLength(3);
  for (const figure of testimonials) {
    expect(page.$(figure).find("blockquote").text().trim()).not.toBe("");
    expect(page.$(figure).find("figcaption").text().trim()).not.toBe("");
  }
  expect(page.text(testimonials[0]!)).toContain("The ruck program gave me a team again.");
  expect(page.$(testimonials[0]!).find("figcaption").text()).toContain("James T.");
});

test("the overview's calls to action lead to the calendar and the contact page, and Learn More to the program", async ({ visitor }) => {
  const page = await visitor.get("/training");
  expect((await page.follow("View the Calendar", "main")).url.pathname).toBe("/calendar");
  expect((await page.follow("Contact Us", "main")).url.pathname).toBe("/contact");
  const fitness = await page.follow(/^Learn More/, page.region("Elite Fitness")[0]!);
  expect(fitness.url.pathname).toBe("/training/fitness");
  expect(fitness.heading(1)).toBe("Elite Fitness");
});

for (const program of [...corePrograms, ...morePrograms]) {
  test(`/training/${program.id} shows the program, its courses and practical details`, async ({ visitor }) => {
    const page = await visitor.get(`/training/${program.id}`);
    expect(page.status).toBe(200);
    expect(page.title()).toMatch(new RegExp(program.title));
    expect(page.heading(1)).toBe(program.title);
    const image = page.$(`main img[src*="${program.id}"], main img[srcset*="${program.id}"]`).first();
    expect(image.attr("width")).toBe("1200");
    expect(image.attr("height")).toBe("800");
    expectCourseTable(page, page.$("main"), program);
    for (const name of ["Who it's for", "What to bring"]) expect(page.region(name, "main").find("li").length, name).toBeGreaterThan(0);
    expect(page.link("View the Calendar", "main").href).toBe("/calendar");
    expect(page.link("Contact Us", "main").href).toMatch(/^\/contact/);
  });
}

test("an unknown program answers 404 with the 404 page", async ({ visitor }) => {
  const page = await visitor.get("/training/nope");
  expect(page.status).toBe(404);
  expect(page.heading(1)).toBe("Page Not Found");
});
