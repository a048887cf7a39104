import { describe, expect, it } from "vitest";
import { addToCartSchema, removeLineSchema, updateLineSchema } from "./cart.schema";

const tooLarge = "2147483648"; // 2^31: one past PostgreSQL's integer

describe("cart inputs", () => {
  it("accept the largest id PostgreSQL's integer holds", () => {
    expect(removeLineSchema.safeParse({ lineId: "2147483647" }).success).toBe(true);
  });

  it("refuse line ids the database cannot hold, like any other invalid id", () => {
    expect(updateLineSchema.safeParse({ lineId: tooLarge, quantity: "1" }).success).toBe(false);
    expect(removeLineSchema.safeParse({ lineId: tooLarge }).success).toBe(false);
  });

  it("asks for a size when the variant id is out of range", () => {
    const parsed = addToCartSchema.safeParse({ variantId: tooLarge, quantity: "1" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Please choose a size.");
  });
});
