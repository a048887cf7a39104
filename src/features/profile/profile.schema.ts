import { z } from "zod";
import { PASSWORDS_DO_NOT_MATCH } from "@/lib/auth/auth-fields";
import { newPasswordField } from "@/lib/auth/password-field";
import { MILITARY_STATUSES } from "./military-status";
import { multiLineText, singleLineText } from "@/lib/text-fields";

/** Kept free of server imports: the client forms read the labels and limits from here too. */

export const profileLimits = { name: 60, phone: 25, address: 200 } as const;

/** Optional text: trimmed; empty means "not given" and is stored as null. */
function optionalText(label: string, max: number, lines: "one" | "several" = "one") {
  const text = lines === "one" ? singleLineText() : multiLineText();
  return z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? "")
    .pipe(text.max(max, `${label} must be ${max} characters or fewer.`))
    .transform((value) => value || null);
}

const phone = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "")
  .pipe(
    z
      .string()
      .max(profileLimits.phone, `Phone must be ${profileLimits.phone} characters or fewer.`)
      .regex(/^[0-9+(). -]*$/, "Phone may contain only digits, spaces and + ( ) - .")
      .refine((value) => value === "" || value.replace(/\D/g, "").length >= 7, "Enter a phone number with at least 7 digits."),
  )
  .transform((value) => value || null);

export const profileSchema = z.object({
  firstName: optionalText("First name", profileLimits.name),
  lastName: optionalText("Last name", profileLimits.name),
  phone,
  address: optionalText("Address", profileLimits.address, "several"),
  militaryStatus: z
    .union([z.enum(MILITARY_STATUSES), z.literal("")], { message: "Choose a military status from the list." })
    .optional()
    .transform((value) => value || null),
});

export type ProfileInput = z.output<typeof profileSchema>;

/** An unchecked box is simply absent from the form data. */
const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

/**
 * Only settings the site acts on. (Text notifications, profile visibility and event participation
 * were shown once and did nothing: there is no SMS provider and no page shows members to each other.
 * Their columns stay in member_settings, unread.)
 */
export const SETTING_KEYS = ["emailNotifications", "marketingEmails"] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type MemberSettings = Record<SettingKey, boolean>;

/**
 * The settings as the tab shows them. `marketingEmails` is on while the member's address subscribes to
 * the newsletter or waits to confirm it (`marketing` tells which); see setMarketingConsent.
 */
export interface SettingsView extends MemberSettings {
  /** `unconfirmed`: the account's address is not confirmed yet, so its newsletter consent is not shown or changed here. */
  marketing: "subscribed" | "pending" | "off" | "unconfirmed";
  /** Said once after a save, e.g. that a confirmation link is on its way. */
  notice?: string;
}

export const settingsSchema = z.object(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, checkbox])) as Record<SettingKey, typeof checkbox>,
);

export type SettingsInput = z.output<typeof settingsSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ message: "Enter your current password." }).min(1, "Enter your current password.").max(1024),
    newPassword: newPasswordField("Enter a new password."),
    confirmPassword: z.string({ message: "Please confirm your new password." }).min(1, "Please confirm your new password."),
    revokeOtherSessions: checkbox,
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
  });

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export const emptySchema = z.object({});
