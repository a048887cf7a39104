/** The about page as the server sends it: the story, the values, the leaders, the calls to action. Axe and the pictures shown: e2e/about.spec.ts. */
import { expect, test } from "./fixtures";

const values = ["Excellence", "Brotherhood/Sisterhood", "Service", "Integrity"];

const leaders = [
  ["Marcus Reed", "Founder & Executive Director"],
  ["Elena Vasquez", "Director of Training"],
  ["David Okafor", "Firearms Program Lead"],
  ["Sarah Whitfield", "Fitness Program Director"],
  ["Tom Brennan", "Community & Outdoor Programs"],
  ["Aisha Coleman", "Family Support Coordinator"],
] as const;

test("tells the story of the association, founded in 2020, with its picture", async ({ visitor }) => {
  const page = await visitor.get("/about");
  expect(page.heading(1)).toBe("About Us");
  const story = page.region("Our story");
  expect(page.text(story[0]!)).toContain("founded in 2020");
  const image = story.find("img");
  expect(image).toHaveLength(1);
  expect(image.attr("width")).toBe("1200");
  expect(image.attr("height")).toBe("800");
});

test("lists the four core values", async ({ visitor }) => {
  const page = await visitor.get("/about");
  expect(page.region("Our core values").find("h3").toArray().map((h) => page.$(h).text().trim())).toEqual(values);
});

test("profiles six leaders with photo, name, role, service and bio", async ({ visitor }) => {
  const page = await visitor.get("/about");
  const profiles = page.region("Our leadership").find("article").toArray();
  expect(profiles).toHaveLength(6);
  for (const [i, [name, role]] of leaders.entries()) {
    const profile = page.$(profiles[i]!);
    expect(profile.find("h3").text().trim()).toBe(name);
    expect(page.text(profiles[i]!)).toContain(role);
    expect(profile.find("img").attr("alt")).toBe(`Portrait of ${name}`);
    expect(profile.find("p")).toHaveLength(3);
  }
  expect(page.text(profiles[0]!)).toContain("U.S. Army (Ret.), 22 years");
});

test("offers membership, contact and donation calls to action", async ({ visitor }) => {
  const page = await visitor.get("/about");
  const cta = page.region("Join the mission")[0]!;
  expect(page.link("Become a Member", cta).href).toBe("/register");
  expect(page.link("Contact Us", cta).href).toBe("/contact");
  const donate = await page.follow("Donate", cta);
  expect(donate.url.pathname).toBe("/donate");
  expect(donate.heading(1)).toBe("Support Our Mission");
});
