"use server";

import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { subscribeSchema } from "./newsletter.schema";
import { subscribe } from "./newsletter.service";

export const subscribeAction = formAction(subscribeSchema, (input) => subscribe(getDb(), input));
