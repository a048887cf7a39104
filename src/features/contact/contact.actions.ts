"use server";

import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { contactSchema } from "./contact.schema";
import { submitContactMessage } from "./contact.service";

export const sendContactMessageAction = formAction(contactSchema, async (input) => {
  await submitContactMessage(getDb(), input);
  return { name: input.name };
});
