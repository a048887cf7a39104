"use server";

import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { getAuthEnv } from "@/lib/env";
import { FormError } from "@/lib/form-state";
import { site } from "@/lib/site";
import { countAddressAttempt, TooManyAttempts } from "@/lib/auth/auth-limits";
import { contactSchema } from "./contact.schema";
import { submitContactMessage } from "./contact.service";

export const sendContactMessageAction = formAction(contactSchema, async (input) => {
  const db = getDb();
  try {
    await countAddressAttempt({ db, headers: await headers(), addressFactor: getAuthEnv().addressLimitFactor }, "contact-message");
  } catch (error) {
    if (!(error instanceof TooManyAttempts)) throw error;
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    throw new FormError(`You have sent several messages in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"}, or call us at ${site.phone}.`);
  }
  await submitContactMessage(db, input);
  return { name: input.name };
});
