import { describe, expect, it } from "vitest";
import { getProgram } from "./training.queries";

describe("getProgram", () => {
  it("finds a program by id, and nothing for an unknown one", async () => {
    expect((await getProgram("fitness"))?.title).toBe("Elite Fitness");
    expect(await getProgram("no-such-program")).toBeUndefined();
  });

  it("finds nothing, without a database error, for an id with a NUL byte (/training/fitness%00)", async () => {
    expect(await getProgram("fitness\u0000")).toBeUndefined();
  });
});
