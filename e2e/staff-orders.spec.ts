/**
 * The orders desk with JavaScript, and axe on its pages: the cancel form's unticked box takes the focus,
 * marking paid and picked up answer in place. Finding orders, each action's server answer, stock, emails,
 * the 404s, the CSV export and who may open the desk: e2e/http/staff-orders.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { createOrder } from "./staff-db";
import { signedInAs } from "./staff-session";

test("with JavaScript: the list and an order pass axe; an unticked cancel takes the focus; mark paid, then picked up, answer in place", async ({ browser }) => {
  const order = await createOrder({ totalCents: 1599 });
  const number = `VVA-${1000 + order.number}`;
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto(`/admin/orders?q=${number}`);
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expectNoA11yViolations(page);

  const actions = page.getByRole("region", { name: "Status and actions" });
  await actions.getByRole("button", { name: "Cancel order" }).click();
  await expect(actions.getByText("Tick the box to confirm that the order should be canceled.")).toBeVisible();
  await expect(actions.getByRole("checkbox", { name: `Yes, cancel order ${number}: its items go back into stock and the buyer is emailed.` })).toBeFocused();

  // Mark paid asks how it was paid and for its box; the first problem takes the focus.
  await actions.getByRole("button", { name: "Mark paid ($15.99 received)" }).click();
  await expect(actions.getByText("Choose how it was paid: cash, card or check.")).toBeVisible();
  await expect(actions.getByRole("combobox", { name: "Paid by" })).toBeFocused();
  await actions.getByRole("combobox", { name: "Paid by" }).selectOption("cash");
  await actions.getByRole("checkbox", { name: `Yes, $15.99 was received for order ${number}: the buyer is emailed a receipt.` }).check();
  await actions.getByRole("button", { name: "Mark paid ($15.99 received)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "marked paid" })).toHaveText(`Order ${number} is marked paid. The buyer was emailed a receipt.`);
  await expect(actions.getByTestId("desk-order-status")).toHaveText("Paid · to pick up");
  await actions.getByRole("button", { name: "Mark picked up" }).click();
  await expect(page.getByRole("status").filter({ hasText: "picked up" })).toHaveText(`Order ${number} is marked picked up.`);
  await expect(actions.getByTestId("desk-order-status")).toHaveText("Paid · picked up");
  await expectNoA11yViolations(page);
  await context.close();
});
