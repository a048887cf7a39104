import { z } from "zod";
import { singleLineText } from "@/lib/text-fields";
import { ACCOUNT_DISABLED, PASSWORDS_DO_NOT_MATCH } from "@/lib/auth/auth-fields";
import { newPasswordField } from "@/lib/auth/password-field";

export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured on this server.";
export const FAILED_GOOGLE_SIGN_IN = "Failed to sign in with Google";

/**
 * What a failed Google sign-in says, by the error code the OAuth callback puts in the URL. Only our
 * own texts are shown: the URL's error_description is ignored, since anyone can craft that link.
 */
const GOOGLE_ERRORS: Record<string, string> = {
  access_denied: "Google sign-in was canceled.",
  account_not_linked: "This email address already has a member account. Sign in with your email and password.",
  BANNED_USER: ACCOUNT_DISABLED,
};

export function googleErrorMessage(code: unknown): string | undefined {
  if (typeof code !== "string" || code === "") return undefined;
  return Object.hasOwn(GOOGLE_ERRORS, code) ? GOOGLE_ERRORS[code] : FAILED_GOOGLE_SIGN_IN;
}

export const email = z
  .string({ message: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email must be 254 characters or fewer.")
  .pipe(z.email({ message: "Enter a valid email address, like name@example.com." }))
  .transform((value) => value.toLowerCase());

const next = z.string().optional();


/** The name shown in the header and on the profile; optional (the header then says "Member"). */
export const nameField = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "")
  .pipe(singleLineText().max(100, "Name must be 100 characters or fewer."));

export const registerSchema = z
  .object({
    name: nameField.optional(),
    email,
    password: newPasswordField(),
    confirmPassword: z.string({ message: "Please confirm your password." }).min(1, "Please confirm your password."),
    terms: z.literal("on", { message: "Please accept the Terms of Service and Privacy Policy." }),
    next,
  })
  // No path: a form-level message, shown in the red box (the spec's wording, no full stop).
  .refine((input) => input.password === input.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH });

export const loginSchema = z.object({
  email,
  password: z.string({ message: "Password is required." }).min(1, "Password is required.").max(1024, "Password is too long."),
  next,
});

export type RegisterInput = z.output<typeof registerSchema>;
export type LoginInput = z.output<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ message: "This reset link is incomplete." }).min(1, "This reset link is incomplete.").max(512),
    password: newPasswordField(),
    confirmPassword: z.string({ message: "Please confirm your password." }).min(1, "Please confirm your password."),
  })
  .refine((input) => input.password === input.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH });

export const confirmEmailSchema = z.object({
  token: z.string({ message: "This confirmation link is incomplete." }).min(1, "This confirmation link is incomplete.").max(2048),
  next,
});

export const signInLinkRequestSchema = z.object({ email, next });

export const signInLinkSchema = z.object({
  token: z.string({ message: "This sign-in link is incomplete." }).min(1, "This sign-in link is incomplete.").max(512),
  next,
});

export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
