"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { type FormState } from "@/lib/form-state";
import { requireMember } from "@/lib/auth/session";
import { regenerateMemberFeedToken, revokeMemberFeedToken } from "./member-feed.service";

const feedFormSchema = z.object({ intent: z.enum(["regenerate", "revoke"], { message: "Please use one of the buttons." }) });

export type FeedChanged = { message: string };

/** Creates, replaces (the old address stops working) or turns off the member's private calendar feed. */
export async function memberFeedAction(previous: FormState<FeedChanged>, formData: FormData): Promise<FormState<FeedChanged>> {
  const member = await requireMember("/profile?tab=security");
  const state = await formAction(feedFormSchema, async ({ intent }): Promise<FeedChanged> => {
    if (intent === "revoke") {
      await revokeMemberFeedToken(getDb(), member.id);
      return { message: "Your private calendar address is turned off. Calendars subscribed to it no longer update." };
    }
    await regenerateMemberFeedToken(getDb(), member.id);
    return { message: "Your new private calendar address is ready. Any earlier address no longer works." };
  })(previous, formData);
  if (state.status === "success") revalidatePath("/profile");
  return state;
}
