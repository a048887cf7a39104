import { describe, expect, it } from "vitest";
import { isSecondClockSource, secondClockFiles } from "./second-clock";

// Vitest reads module tags from a test file's whole text, so the examples are put together here.
const moduleTag = ["@module", "tag"].join("-");

describe("the second-clock tag", () => {
  it("is Vitest's module tag, in a line comment or a doc comment", () => {
    expect(isSecondClockSource(`// ${moduleTag} second-clock: the season.\nimport x from 'y';`)).toBe(true);
    expect(isSecondClockSource(`/**\n * Events.\n * ${moduleTag} second-clock\n */`)).toBe(true);
    expect(isSecondClockSource(`// ${moduleTag} second-clocks`)).toBe(false);
    expect(isSecondClockSource("// runs on the second clock")).toBe(false);
  });

  it("lists the tagged test files of the project, and only test files", () => {
    const files = secondClockFiles(process.cwd());
    expect(files).toContain("src/features/events/events.queries.test.ts");
    expect(files).not.toContain("src/lib/clock.test.ts");
    expect(files).not.toContain("scripts/lib/second-clock.test.ts");
    expect(files.every((file) => file.endsWith(".test.ts"))).toBe(true);
  });
});
