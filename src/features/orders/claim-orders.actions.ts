"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { requireMember } from "@/lib/auth/session";
import { claimGuestOrders, claimableEmail } from "./claim-guest-orders.service";
import { z } from "zod";
import { formAction } from "@/lib/action";
import { idleState } from "@/lib/form-state";

const CLAIM_PAGE = "/profile/claim-orders";

const claim = formAction(z.object({ token: z.string().max(2000) }), async ({ token }) => {
  const member = await requireMember(`${CLAIM_PAGE}?token=${encodeURIComponent(token)}`);
  const email = await claimableEmail(token, member);
  if (!email) redirect(`${CLAIM_PAGE}?error=invalid`);
  const claimed = await claimGuestOrders(getDb(), { id: member.id, email });
  redirect(`${CLAIM_PAGE}?claimed=${claimed}`);
});

/** "Add them to my account": only the account the link was sent for, while it still has that address. */
export async function claimOrdersAction(formData: FormData): Promise<void> {
  await claim(idleState, formData); // success redirects
  redirect(`${CLAIM_PAGE}?error=invalid`);
}
