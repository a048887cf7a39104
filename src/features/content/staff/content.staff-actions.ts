"use server";

import type { ContentChangedState } from "@/components/staff/content-form";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { storeUploadedImage, uploadedFile } from "@/lib/images/images.service";
import { staffAction } from "@/lib/staff-action";
import type { Permission } from "@/lib/access-control";
import type { FormState } from "@/lib/form-state";
import { deleteFaqSchema, deleteSchema, faqSchema, leaderSchema, locationSchema, siteContactSchema } from "../content-desk.schema";
import { deleteFaq, deleteLeader, deleteLocation, saveFaq, saveLeader, saveLocation, saveSiteContact } from "../content-desk.service";

const CONTENT: Permission = { content: ["update"] };

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

/** The public pages read the database on every request; this also drops any router cache of them. */
function refresh(...paths: string[]) {
  for (const path of paths) revalidatePath(path);
  revalidatePath("/admin/content");
}

export const saveFaqAction = staffAction(CONTENT, faqSchema, async (input, staff): Promise<ContentChangedState> => {
  const { created } = await saveFaq(getDb(), actorOf(staff), input);
  refresh("/contact", "/admin/content/faqs");
  return { message: created ? `FAQ added: “${input.question}”.` : "FAQ saved. The contact page shows it now." };
});

export const deleteFaqAction = staffAction(CONTENT, deleteFaqSchema, async (input, staff): Promise<ContentChangedState> => {
  await deleteFaq(getDb(), actorOf(staff), input);
  refresh("/contact", "/admin/content/faqs");
  redirect("/admin/content/faqs?done=deleted");
});

/** A profile, with its photo when one was chosen: checked and stored once the other fields are right. */
export async function saveLeaderAction(previous: FormState<ContentChangedState>, formData: FormData): Promise<FormState<ContentChangedState>> {
  // With JavaScript, an empty file input can arrive as an empty, named file: that is no photo either.
  const chosen = uploadedFile(formData, "photo");
  const file = chosen && chosen.size > 0 ? chosen : null;
  const run = staffAction(CONTENT, leaderSchema, async (input, staff): Promise<ContentChangedState> => {
    const photo = file ? await storeUploadedImage(getDb(), file, staff.email, "photo") : null;
    const { id, created } = await saveLeader(getDb(), actorOf(staff), input, photo);
    refresh("/about", "/admin/content/leaders", `/admin/content/leaders/${id}`);
    if (created) return { message: `${input.name} added to the leadership.` };
    return { message: photo ? "Profile saved, with the new photo. The about page shows it now." : "Profile saved. The about page shows it now." };
  });
  return run(previous, formData);
}

export const deleteLeaderAction = staffAction(CONTENT, deleteSchema, async (input, staff): Promise<ContentChangedState> => {
  await deleteLeader(getDb(), actorOf(staff), input);
  refresh("/about", "/admin/content/leaders");
  redirect("/admin/content/leaders?done=deleted");
});

export const saveLocationAction = staffAction(CONTENT, locationSchema, async (input, staff): Promise<ContentChangedState> => {
  const { created } = await saveLocation(getDb(), actorOf(staff), input);
  refresh("/contact", "/shop/checkout", "/admin/content/locations");
  return { message: created ? `${input.name} added to the training locations.` : "Location saved. The contact page shows it now." };
});

export const deleteLocationAction = staffAction(CONTENT, deleteSchema, async (input, staff): Promise<ContentChangedState> => {
  await deleteLocation(getDb(), actorOf(staff), input);
  refresh("/contact", "/shop/checkout", "/admin/content/locations");
  redirect("/admin/content/locations?done=deleted");
});

export const saveSiteContactAction = staffAction(CONTENT, siteContactSchema, async (input, staff): Promise<ContentChangedState> => {
  await saveSiteContact(getDb(), actorOf(staff), input);
  revalidatePath("/", "layout");
  return { message: "Contact details saved. The contact page and the footer show them now." };
});
