"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { requireMember } from "@/lib/auth/session";
import { formAction } from "@/lib/action";
import type { FormState } from "@/lib/form-state";
import { DOCUMENT_FIELD, VERIFICATION_PATH } from "./verification.fields";
import { requestSchema } from "./verification.schema";
import { requestVerification } from "./verification.service";

/**
 * The file the form sent, or null when none was chosen. An unchosen file input sends an empty file,
 * nameless without JavaScript and named "blob" through React's encoding; an empty file the member did
 * choose keeps its name, so it is refused as empty rather than as missing.
 */
function documentOf(formData: unknown): File | null {
  if (!(formData instanceof FormData)) return null;
  const value = formData.get(DOCUMENT_FIELD);
  if (!(value instanceof File)) return null;
  if (value.size === 0 && (value.name === "" || value.name === "blob")) return null;
  return value;
}

/** A member asks to be verified: authorised first (outside formAction, whose catch-all would swallow the /login redirect). */
export async function requestVerificationAction(previous: FormState<null>, formData: FormData): Promise<FormState<null>> {
  const member = await requireMember(VERIFICATION_PATH);
  const file = documentOf(formData);
  const state = await formAction(requestSchema, async (input): Promise<null> => {
    await requestVerification(getDb(), member, { serviceStatus: input.serviceStatus, file });
    return null;
  })(previous, formData);
  if (state.status === "success") {
    revalidatePath(VERIFICATION_PATH);
    revalidatePath("/profile");
    redirect(`${VERIFICATION_PATH}?requested=1`);
  }
  return state;
}
