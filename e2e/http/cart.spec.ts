/** The cart without JavaScript: Add to Cart and the cart page's stepper are plain form posts; a post naming nothing that exists is refused. The same with JavaScript: e2e/cart.spec.ts. */
import { signUpMember, uniqueMemberEmail } from "../member";
import { expect, test } from "./fixtures";
import type { HttpPage } from "./text-browser";

const badge = (page: HttpPage) => page.text("[data-testid=cart-count]");

test("Add to Cart is a plain form post that comes back with a confirmation", async ({ visitor }) => {
  const product = await visitor.get("/shop/tactical-cap");
  const added = await product.form("main form[action='/shop/cart/add']").submit();
  expect(added.path).toMatch(/^\/shop\/tactical-cap\?cart=added&variant=\d+$/);
  const notice = added.byTestId("cart-notice");
  expect(notice.text()).toContain("Added Tactical Cap to your cart.");
  expect(added.link("View cart", "[data-testid=cart-notice]").href).toBe("/shop/cart");
  expect(added.link("Checkout", "[data-testid=cart-notice]").href).toBe("/shop/checkout");
  expect(badge(added)).toBe("1");

  // No size is chosen for the buyer: Add to Cart without one is refused with a message, and nothing is added.
  const shirt = await visitor.get("/shop/veteran-strong-tshirt");
  const refused = await shirt.form("main form[action='/shop/cart/add']").submit();
  expect(refused.status).toBe(422);
  expect(refused.text()).toContain("Please choose an available size.");
  const back = await refused.follow("Go back and choose again");
  expect(badge(back)).toBe("1");

  // From the grid, with a size, back to the filtered list.
  const apparel = await visitor.get("/shop?category=apparel");
  const hoodie = apparel.form("[data-testid=product-card]:has(h3:contains('Performance Hoodie')) form, [data-testid=product-card]:contains('Performance Hoodie') form");
  const afterHoodie = await hoodie.select("Size for Performance Hoodie", "S").submit();
  expect(afterHoodie.path).toMatch(/^\/shop\?category=apparel&cart=added/);
  expect(afterHoodie.byTestId("cart-notice").text()).toContain("Added Performance Hoodie (size S) to your cart.");
  expect(badge(afterHoodie)).toBe("2");

  // The cart page's stepper is a form too.
  const cart = await visitor.get("/shop/cart");
  const stepped = await cart.form({ button: "Increase quantity of Tactical Cap" }).submit("Increase quantity of Tactical Cap");
  expect(stepped.text("[data-testid=cart-page-notice]")).toBe("Tactical Cap: quantity 2.");
});

test("a post naming no item that exists is refused with a 422 page that links back, and the cart is unchanged", async ({ visitor }) => {
  const added = await (await visitor.get("/shop/tactical-cap")).form("main form[action='/shop/cart/add']").submit();
  expect(badge(added)).toBe("1");
  const refused = await visitor.post("/shop/cart/add", { form: { variantId: "987654", quantity: "1", returnTo: "/shop/tactical-cap" } });
  expect(refused.status).toBe(422);
  expect(refused.heading(1)).toBe("Not added to your cart");
  expect(refused.text()).toContain("Please choose an available size.");
  expect(refused.link("Go back and choose again").href).toBe("/shop/tactical-cap");
  expect(badge(await visitor.get("/shop/cart"))).toBe("1");
});

test("the cart survives signing in, and stays with the account after signing out", { tag: "@two-servers" }, async ({ visitor, newVisitor }) => {
  const { email, password } = await signUpMember((await newVisitor()).request, { email: uniqueMemberEmail("shopper") });
  await (await visitor.get("/shop/fitness-journal")).form("main form[action='/shop/cart/add']").submit();
  const hoodie = await visitor.get("/shop/performance-hoodie");
  const added = await hoodie.form("main form[action='/shop/cart/add']").check("L").submit();
  expect(badge(added)).toBe("2");

  const signIn = async () => {
    const home = await (await visitor.get("/login")).form({ button: "Sign In" }).fill("Email", email).fill("Password", password).submit();
    expect(home.url.pathname).toBe("/");
    return home;
  };
  expect(badge(await signIn())).toBe("2");
  expect((await visitor.get("/shop/cart")).$("[data-testid=cart-line]")).toHaveLength(2);

  const signedOut = await (await visitor.get("/profile")).form({ button: "Sign Out" }).submit();
  expect(signedOut.url.pathname).toBe("/");
  expect(badge(signedOut)).toBe("0");
  expect(badge(await signIn())).toBe("2");
});
