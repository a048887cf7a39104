import { describe, expect, it } from "vitest";
import { likeContaining } from "./like-containing";

describe("likeContaining", () => {
  it("matches the text anywhere", () => {
    expect(likeContaining("ann")).toBe("%ann%");
  });

  it("takes the wildcards and the escape character literally", () => {
    expect(likeContaining("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
