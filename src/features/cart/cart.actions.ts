"use server";

import { refresh, revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { idleState } from "@/lib/form-state";
import { requireMember } from "@/lib/auth/session";
import { addToCartFromForm } from "./add-to-cart";
import { addToCartMessage } from "./cart.messages";
import { getVariantLabel } from "./cart.queries";
import { membershipPlanSchema, removeLineSchema, updateLineSchema, type AddToCartOutcome } from "./cart.schema";
import { addMembershipToCart, removeLine, setLineQuantity } from "./cart.service";
import { getCartOwner } from "./cart-session";

export interface AddToCartResult {
  outcome: AddToCartOutcome;
  message: string;
}

/** The enhanced (JavaScript) add: answers with the message to announce; the page refreshes its badge. */
export async function addToCartAction(formData: FormData): Promise<AddToCartResult> {
  const state = await addToCartFromForm(idleState, formData);
  if (state.status !== "success") return { outcome: "invalid", message: state.status === "error" && state.formError ? state.formError : addToCartMessage("invalid", undefined) };
  refresh();
  const { outcome, variantId } = state.data;
  return { outcome, message: addToCartMessage(outcome, await getVariantLabel(getDb(), variantId)) };
}

// The cart page's forms post without JavaScript: each one redirects back to the cart page, whose
// ?notice= says what happened. Success never returns from these (redirect() passes the wrapper).
const updateLine = formAction(updateLineSchema, async ({ lineId, quantity }) => {
  const owner = await getCartOwner();
  if (!owner) redirect("/shop/cart");
  const result = await setLineQuantity(getDb(), owner, lineId, quantity);
  revalidatePath("/", "layout"); // the header badge
  if (result.capped) redirect(`/shop/cart?notice=capped&line=${lineId}`);
  redirect(result.quantity === 0 ? "/shop/cart?notice=removed" : `/shop/cart?notice=updated&line=${lineId}`);
});

const removeCartLine = formAction(removeLineSchema, async ({ lineId }) => {
  const owner = await getCartOwner();
  if (owner) await removeLine(getDb(), owner, lineId);
  revalidatePath("/", "layout");
  redirect("/shop/cart?notice=removed");
});

/** Membership upgrades go through the same cart and checkout; only members can buy one. */
const addMembership = formAction(
  membershipPlanSchema,
  async ({ plan }, member) => {
    await addMembershipToCart(getDb(), member.id, plan);
    revalidatePath("/", "layout");
    redirect("/shop/cart?notice=membership");
  },
  () => requireMember("/profile?tab=membership"),
);

/** Cart page stepper: works as a plain form post; the page shows what happened via ?notice=. */
export async function updateCartLineAction(formData: FormData): Promise<void> {
  const state = await updateLine(idleState, formData);
  redirect(state.status === "error" && !state.formError ? "/shop/cart?notice=invalid-quantity" : "/shop/cart?notice=failed");
}

export async function removeCartLineAction(formData: FormData): Promise<void> {
  await removeCartLine(idleState, formData);
  redirect("/shop/cart?notice=failed");
}

export async function addMembershipAction(formData: FormData): Promise<void> {
  await addMembership(idleState, formData);
  redirect("/profile?tab=membership");
}
