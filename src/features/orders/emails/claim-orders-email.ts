import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { site } from "@/lib/site";

/** Sent after sign-up when guest orders were placed with the new account's address. */
export function claimOrdersEmail(link: string, orderCount: number): ComposedEmail {
  const orders = orderCount === 1 ? "1 earlier order" : `${orderCount} earlier orders`;
  return composeEmail(`Add your earlier orders to your ${site.shortName} account`, [
    "Hello,",
    `A ${site.name} member account was just created with this email address, and we have ${orders} placed with it at our shop without an account.`,
    "To see them in your account, sign in and confirm on this page that this address is yours (the link works for 7 days):",
    { button: "Add my orders", href: link, showAddress: true },
    "If you did not create this account, ignore this email: the orders stay private and are not added to it.",
    signature(),
  ]);
}
