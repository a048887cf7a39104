import { getDb } from "@/db/client";
import { describe, expect, it } from "vitest";
import { getProgram } from "./training.queries";

describe("getProgram", () => {
  it("finds a program by id, and nothing for an unknown one", async () => {
    expect((await getProgram(getDb(), "fitness"))?.title).toBe("Elite Fitness");
    expect(await getProgram(getDb(), "no-such-program")).toBeUndefined();
  });

  it("finds nothing, without a database error, for an id with a NUL byte (/training/fitness%00)", async () => {
    expect(await getProgram(getDb(), "fitness\u0000")).toBeUndefined();
  });
});
