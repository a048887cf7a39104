"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { issueIdSchema, issueSchema, issueUpdateSchema, sendIssueSchema } from "../newsletter-desk.schema";
import { createIssue, queueNewsletterBatch, sendIssue, sendTestIssue, updateIssue } from "../newsletter-desk.service";
import { paperSignUpSchema, staffUnsubscribeSchema } from "../subscribers-desk.schema";
import { addPaperSignUp, unsubscribeForSomeone } from "../subscribers-desk.service";

export interface IssueChanged {
  message: string;
}

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

function refresh(id: number) {
  revalidatePath(`/admin/newsletter/${id}`);
  revalidatePath("/admin/newsletter");
}

/** A new draft; its page then offers the preview, the test send and the send. */
export const createIssueAction = staffAction({ newsletter: ["send"] }, issueSchema, async (input, staff): Promise<IssueChanged> => {
  const { id } = await createIssue(getDb(), actorOf(staff), input);
  revalidatePath("/admin/newsletter");
  redirect(`/admin/newsletter/${id}`);
});

export const updateIssueAction = staffAction({ newsletter: ["send"] }, issueUpdateSchema, async (input, staff): Promise<IssueChanged> => {
  const { id } = await updateIssue(getDb(), actorOf(staff), input);
  refresh(id);
  return { message: "Draft saved. The preview below shows it." };
});

export const sendTestIssueAction = staffAction({ newsletter: ["send"] }, issueIdSchema, async ({ id }, staff): Promise<IssueChanged> => {
  const { to } = await sendTestIssue(getDb(), actorOf(staff), id);
  return { message: `Test sent to ${to}, with "[Test]" before the subject. Check how it looks before sending it to everyone.` };
});

/** Sends, then opens the issue's page again (now with its delivery counts), which says it is on its way. */
export const sendIssueAction = staffAction({ newsletter: ["send"] }, sendIssueSchema, async ({ id }, staff): Promise<IssueChanged> => {
  const db = getDb();
  await sendIssue(db, actorOf(staff), id);
  await queueNewsletterBatch(db); // the first batch at once; the job sends the rest a batch a minute
  refresh(id);
  redirect(`/admin/newsletter/${id}?sent`);
});

export interface SubscribersChanged {
  message: string;
}

/** An address from a paper sign-up sheet: subscribed at once, its consent recorded as the sheet. */
export const addPaperSignUpAction = staffAction({ newsletter: ["send"] }, paperSignUpSchema, async (input, staff): Promise<SubscribersChanged> => {
  const { email } = await addPaperSignUp(getDb(), actorOf(staff), input);
  revalidatePath("/admin/newsletter/subscribers");
  return { message: `${email} is subscribed, from the paper sign-up sheet. Keep the sheet: it is the record of their consent.` };
});

/** Someone asked by phone or in person to stop the newsletter. */
export const staffUnsubscribeAction = staffAction({ newsletter: ["send"] }, staffUnsubscribeSchema, async (input, staff): Promise<SubscribersChanged> => {
  const { email } = await unsubscribeForSomeone(getDb(), actorOf(staff), input);
  revalidatePath("/admin/newsletter/subscribers");
  return { message: `${email} is unsubscribed and gets no more newsletters.` };
});
