"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { requireMember } from "@/lib/auth/session";
import { claimWithLink, claimableEmail } from "./claim-guest-orders.service";
import { z } from "zod";
import { formAction } from "@/lib/action";
import { idleState } from "@/lib/form-state";

const CLAIM_PAGE = "/profile/claim-orders";

const claim = formAction(z.object({ token: z.string().max(2000) }), async ({ token }) => {
  const member = await requireMember(`${CLAIM_PAGE}?token=${encodeURIComponent(token)}`);
  const email = await claimableEmail(token, member);
  if (!email) redirect(`${CLAIM_PAGE}?error=invalid`);
  const claimed = await claimWithLink(getDb(), { id: member.id, email });
  redirect(`${CLAIM_PAGE}?claimed=${claimed}`);
});

/** "Confirm and add them": only the account the link was sent for, while it still has that address; the address is confirmed first. */
export async function claimOrdersAction(formData: FormData): Promise<void> {
  await claim(idleState, formData); // success redirects
  redirect(`${CLAIM_PAGE}?error=invalid`);
}
