"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { storeUploadedImage, uploadedFile, ACCEPTED_LABEL, MAX_UPLOAD_LABEL } from "@/lib/images/images.service";
import { staffAction } from "@/lib/staff-action";
import type { Permission } from "@/lib/access-control";
import { FormError, type FormState } from "@/lib/form-state";
import { archiveSchema, createProductSchema, publishSchema, stockAdjustmentSchema, updateProductSchema } from "../catalog-desk.schema";
import { adjustStock, createProduct, publishProduct, setProductArchived, updateProduct, type StockAdjusted } from "../catalog-desk.service";

export interface CatalogChanged {
  message: string;
}

const CATALOG: Permission = { catalog: ["update"] };
const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

/** The shop's pages are rendered per request; these make sure no cached copy of them or of the staff pages outlives the change. */
function refresh(productId: number, slug?: string) {
  revalidatePath("/shop");
  if (slug) revalidatePath(`/shop/${slug}`);
  revalidatePath("/");
  revalidatePath("/admin/catalog");
  revalidatePath(`/admin/catalog/${productId}`);
  revalidatePath("/admin");
}

type State = FormState<CatalogChanged>;

/** A new product, with its picture: the picture is checked and stored once the other fields are right. */
export async function createProductAction(previous: State, formData: FormData): Promise<State> {
  const file = uploadedFile(formData, "image");
  const run = staffAction(CATALOG, createProductSchema, async (input, staff): Promise<CatalogChanged> => {
    if (!file) throw new FormError(`Choose a picture of the product: ${ACCEPTED_LABEL}, at most ${MAX_UPLOAD_LABEL}.`, "image");
    const image = await storeUploadedImage(getDb(), file, staff.email);
    const { id, slug } = await createProduct(getDb(), actorOf(staff), input, image);
    refresh(id, slug);
    redirect(`/admin/catalog/${id}?done=created`);
  });
  return run(previous, formData);
}

export async function updateProductAction(previous: State, formData: FormData): Promise<State> {
  const file = uploadedFile(formData, "image");
  const run = staffAction(CATALOG, updateProductSchema, async ({ productId, ...input }, staff): Promise<CatalogChanged> => {
    const image = file ? await storeUploadedImage(getDb(), file, staff.email) : null;
    const { slug } = await updateProduct(getDb(), actorOf(staff), productId, input, image);
    refresh(productId, slug);
    return { message: image ? "Saved, with the new picture. The shop shows the changes now." : "Saved. The shop shows the changes now." };
  });
  return run(previous, formData);
}

/** "Ranger Beanie, size M: stock 0 → 10." for one size; "Ranger Beanie: S 0 → 4, M 0 → 10." for several. */
function stockMessage(adjusted: StockAdjusted[]): string {
  const [first] = adjusted;
  if (!first) return "Nothing changed.";
  const changed = adjusted.filter(({ before, after }) => before !== after);
  if (changed.length === 0) return `${first.name}: the count matches the stock. Nothing changed.`;
  if (adjusted.length === 1) return `${first.size ? `${first.name}, size ${first.size}` : first.name}: stock ${first.before} → ${first.after}.`;
  const unchanged = adjusted.length - changed.length;
  return `${first.name}: ${changed.map(({ size, before, after }) => `${size} ${before} → ${after}`).join(", ")}.${unchanged > 0 ? ` ${unchanged === 1 ? "One count matched" : `${unchanged} counts matched`} the stock.` : ""}`;
}

export const adjustStockAction = staffAction(CATALOG, stockAdjustmentSchema, async (input, staff): Promise<CatalogChanged> => {
  const adjusted = await adjustStock(getDb(), actorOf(staff), input);
  refresh(input.productId);
  return { message: stockMessage(adjusted) };
});

/** Publishing ends the draft's panel, so its page says what happened (as after adding a product). */
export const publishProductAction = staffAction(CATALOG, publishSchema, async ({ productId }, staff): Promise<CatalogChanged> => {
  const { slug } = await publishProduct(getDb(), actorOf(staff), productId);
  refresh(productId, slug);
  redirect(`/admin/catalog/${productId}?done=published`);
});

export const setArchivedAction = staffAction(CATALOG, archiveSchema, async ({ productId, archived }, staff): Promise<CatalogChanged> => {
  const { name, changed, draft } = await setProductArchived(getDb(), actorOf(staff), productId, archived);
  refresh(productId);
  if (!changed) return { message: `${name} was already ${archived ? "archived" : "back from the archive"}.` };
  if (archived) return { message: `${name} is archived: it is gone from the shop and can't be added to carts. Orders still show it.` };
  return { message: draft ? `${name} is a draft again: publish it to put it in the shop.` : `${name} is back in the shop.` };
});
