import { describe, expect, it } from "vitest";
import { POST } from "@/app/(site)/shop/cart/add/route";
import { readCartNotice, withCartNotice } from "./cart-notice-params";

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost:3000/shop/cart/add", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000", ...headers },
  });
}

describe("POST /shop/cart/add (the no-JavaScript Add to Cart)", () => {
  it("refuses a post from another site, which would otherwise replace the visitor's cart cookie", async () => {
    const response = await POST(post("variantId=1", { origin: "https://evil.example" }));
    expect(response.status).toBe(403);
  });

  it("refuses bad input with a 422 page that says so and links back to a same-site page, never elsewhere", async () => {
    const response = await POST(post("variantId=nope&returnTo=%2Fshop%3Fcategory%3Dgear", { origin: "http://localhost:3000" }));
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await response.text();
    expect(page).toContain("<h1>Not added to your cart</h1><p>Please choose an available size.</p>");
    expect(page).toContain('<a href="/shop?category=gear">Go back and choose again</a>');
    const offsite = await POST(post("variantId=&returnTo=https%3A%2F%2Fevil.example%2F"));
    expect(offsite.status).toBe(422);
    expect(await offsite.text()).toContain('<a href="/shop">Go back and choose again</a>');
  });

  it("answers an id too large for the database like any bad input (422), not with an error", async () => {
    for (const id of ["2147483648", "99999999999999999999", "1%00"]) {
      const response = await POST(post(`variantId=${id}&returnTo=%2Fshop`));
      expect(response.status, id).toBe(422);
    }
  });
});

describe("the confirmation parameters", () => {
  it("replace earlier ones and read back", () => {
    const path = withCartNotice("/shop?category=apparel&cart=invalid", "added", 12);
    expect(path).toBe("/shop?category=apparel&cart=added&variant=12");
    expect(readCartNotice({ cart: "added", variant: "12" })).toEqual({ outcome: "added", variantId: 12 });
    expect(readCartNotice({ cart: "hacked" })).toBeUndefined();
    // Ids the database cannot hold are ignored rather than looked up (which would fail).
    expect(readCartNotice({ cart: "added", variant: "2147483648" })).toEqual({ outcome: "added", variantId: undefined });
  });
});
