/**
 * Migrations that correct sample content on sites seeded before the correction (the seed only fills empty
 * tables): each rewrites a row only while it still says what the old seed said, so staff's own edits stay.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ownDatabase } from "../../test/db";
import { coreValues, faqs } from "./schema/content";
import { programs } from "./schema/training";

const migration = (name: string) => readFileSync(path.join(import.meta.dirname, "../../drizzle", name), "utf8");
const QUESTION = "Do you offer discounts?";
const OLD_ANSWER =
  "Yes. Veterans, active duty service members, law enforcement and first responders receive a discount on training courses. Please provide a valid ID at registration.";

describe("0022: the FAQ's answer about discounts", () => {
  it("replaces the old seed's promise of a discount 'with ID at registration' with the seed's answer about verification", async () => {
    const db = await ownDatabase();
    const [seeded] = await db.select({ answer: faqs.answer }).from(faqs).where(eq(faqs.question, QUESTION));
    await db.update(faqs).set({ answer: OLD_ANSWER }).where(eq(faqs.question, QUESTION));
    await db.execute(sql.raw(migration("0022_faq-discount-answer.sql")));
    expect(await db.select({ answer: faqs.answer }).from(faqs).where(eq(faqs.question, QUESTION))).toEqual([{ answer: seeded!.answer }]);
    expect(seeded!.answer).toContain("ask to be verified from their profile");
  });

  it("leaves an answer staff have rewritten", async () => {
    const db = await ownDatabase();
    const theirs = "Yes: ask at the front desk about our rates for veterans and first responders.";
    await db.update(faqs).set({ answer: theirs }).where(eq(faqs.question, QUESTION));
    await db.execute(sql.raw(migration("0022_faq-discount-answer.sql")));
    expect(await db.select({ answer: faqs.answer }).from(faqs).where(eq(faqs.question, QUESTION))).toEqual([{ answer: theirs }]);
  });
});

describe("0023: American spelling in the sample content", () => {
  it("rewrites rows that still read as the old seed wrote them, and leaves edited ones", async () => {
    const db = await ownDatabase();
    await db.update(programs).set({ summary: "Discipline, self-defence and focus on the mat." }).where(eq(programs.id, "martial-arts"));
    const edited = "We give back to our neighbours, in our own words.";
    await db.update(coreValues).set({ description: edited }).where(eq(coreValues.title, "Service"));
    await db.execute(sql.raw(migration("0023_american-spelling.sql")));
    expect(await db.select({ summary: programs.summary }).from(programs).where(eq(programs.id, "martial-arts"))).toEqual([
      { summary: "Discipline, self-defense and focus on the mat." },
    ]);
    expect(await db.select({ description: coreValues.description }).from(coreValues).where(eq(coreValues.title, "Service"))).toEqual([{ description: edited }]);
  });
});
