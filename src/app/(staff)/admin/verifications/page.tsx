import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { VerificationQueue } from "@/features/verification/staff/components/verification-queue";
import { listVerificationQueue } from "@/features/verification/verification-desk.queries";

export const metadata: Metadata = { title: "Verifications" };

export default async function VerificationsPage() {
  await requireDeskPage("/admin/verifications");
  const queue = await listVerificationQueue(getDb());
  return (
    <>
      <StaffPageHeading title="Verifications">
        Members asking to have their service status verified, oldest first. Open the document, then approve with the last day it is valid, or reject
        with a reason; the member is emailed either way and the document is deleted. A request nobody decides closes by itself after 30 days.
      </StaffPageHeading>
      <VerificationQueue items={queue} />
    </>
  );
}
