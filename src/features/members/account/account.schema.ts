import { z } from "zod";
import { email } from "../members.schema";

/** Kept free of server imports: the client forms share these rules and messages. */

export const resendConfirmationSchema = z.object({});

export const changeEmailSchema = z.object({
  newEmail: email,
  /** The current password, for accounts that have one (Google-only accounts have none). */
  password: z.string().max(1024, "Password is too long.").optional().transform((value) => value ?? ""),
});

export const confirmEmailChangeSchema = z.object({
  token: z.string({ message: "This link is incomplete." }).min(1, "This link is incomplete.").max(256, "This link is invalid."),
});

export const DELETE_CONFIRMATION_REQUIRED = "Tick the box to confirm you want your account deleted.";

export const deleteAccountSchema = z.object({
  password: z.string().max(1024, "Password is too long.").optional().transform((value) => value ?? ""),
  /** Google-only accounts type their email address instead of a password. */
  confirmEmail: z.string().max(254, "That is not your email address.").optional().transform((value) => (value ?? "").trim().toLowerCase()),
  understood: z.literal("on", { message: DELETE_CONFIRMATION_REQUIRED }),
});

export type ChangeEmailInput = z.output<typeof changeEmailSchema>;
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;
