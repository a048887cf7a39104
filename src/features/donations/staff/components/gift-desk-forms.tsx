"use client";

import { ConfirmBox, DeskActionForm } from "@/components/staff/desk-action-form";
import { refundGiftAction, resendReceiptAction } from "../donations.staff-actions";

/** One desk action on the gift (see DeskActionForm); a refusal of the gift's id is said in the alert. */
function GiftForm({ donationId, ...rest }: Omit<React.ComponentProps<typeof DeskActionForm>, "record" | "recordErrorInAlert"> & { donationId: string }) {
  return <DeskActionForm record={{ name: "donationId", value: donationId }} recordErrorInAlert {...rest} />;
}

export function ResendReceiptForm({ donationId, receiptNumber, email }: { donationId: string; receiptNumber: string; email: string }) {
  return (
    <GiftForm action={resendReceiptAction} donationId={donationId} prefix="resend" label="Resend the receipt" pendingLabel="Sending...">
      {() => (
        <p className="text-sm text-navy-700">
          Emails receipt {receiptNumber} again to {email}, with the same number, date and amount.
        </p>
      )}
    </GiftForm>
  );
}

export function RefundGiftForm({ donationId, reference, totalLabel, monthly }: { donationId: string; reference: string; totalLabel: string; monthly: boolean }) {
  return (
    <GiftForm action={refundGiftAction} donationId={donationId} prefix="refund" label={`Refund ${totalLabel}`} pendingLabel="Refunding..." variant="desk-danger">
      {(errors) => (
        <ConfirmBox prefix="refund" errors={errors}>
          Yes, refund the whole card payment of gift {reference} through Stripe: its receipt becomes void and the donor is emailed.
          {monthly ? " Only this month is refunded; the monthly gift goes on." : ""}
        </ConfirmBox>
      )}
    </GiftForm>
  );
}
