"use server";

import { refresh, revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { formDataOf } from "@/lib/form-data";
import { requireMember } from "../members/session";
import { addToCartMessage } from "./cart.messages";
import { getVariantLabel } from "./cart.queries";
import { addToCartSchema, membershipPlanSchema, removeLineSchema, updateLineSchema, type AddToCartOutcome } from "./cart.schema";
import { addMembershipToCart, addToCart, removeLine, setLineQuantity } from "./cart.service";
import { cartOwnerForWrite, getCartOwner } from "./cart-session";

export interface AddToCartResult {
  outcome: AddToCartOutcome;
  message: string;
}

/** The enhanced (JavaScript) add: answers with the message to announce; the page refreshes its badge. */
export async function addToCartAction(formData: FormData): Promise<AddToCartResult> {
  const parsed = addToCartSchema.safeParse(Object.fromEntries(formDataOf(formData)));
  if (!parsed.success) return { outcome: "invalid", message: addToCartMessage("invalid", undefined) };
  const { variantId, quantity } = parsed.data;
  const db = getDb();
  const result = await addToCart(db, await cartOwnerForWrite(), variantId, quantity);
  refresh();
  return { outcome: result.outcome, message: addToCartMessage(result.outcome, await getVariantLabel(db, variantId)) };
}

/** Cart page stepper: works as a plain form post; the page shows what happened via ?notice=. */
export async function updateCartLineAction(formData: FormData): Promise<void> {
  const parsed = updateLineSchema.safeParse(Object.fromEntries(formDataOf(formData)));
  if (!parsed.success) redirect(`/shop/cart?notice=invalid-quantity`);
  const owner = await getCartOwner();
  if (!owner) redirect("/shop/cart");
  const result = await setLineQuantity(getDb(), owner, parsed.data.lineId, parsed.data.quantity);
  revalidatePath("/", "layout"); // the header badge
  if (result.capped) redirect(`/shop/cart?notice=capped&line=${parsed.data.lineId}`);
  redirect(result.quantity === 0 ? "/shop/cart?notice=removed" : `/shop/cart?notice=updated&line=${parsed.data.lineId}`);
}

export async function removeCartLineAction(formData: FormData): Promise<void> {
  const parsed = removeLineSchema.safeParse(Object.fromEntries(formDataOf(formData)));
  const owner = await getCartOwner();
  if (parsed.success && owner) await removeLine(getDb(), owner, parsed.data.lineId);
  revalidatePath("/", "layout");
  redirect("/shop/cart?notice=removed");
}

/** Membership upgrades go through the same cart and checkout; only members can buy one. */
export async function addMembershipAction(formData: FormData): Promise<void> {
  const member = await requireMember("/profile?tab=membership");
  const parsed = membershipPlanSchema.safeParse(Object.fromEntries(formDataOf(formData)));
  if (!parsed.success) redirect("/profile?tab=membership");
  await addMembershipToCart(getDb(), member.id, parsed.data.plan);
  revalidatePath("/", "layout");
  redirect("/shop/cart?notice=membership");
}
