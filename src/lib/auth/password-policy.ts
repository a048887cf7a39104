import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { passwordLimits } from "./auth-fields";

/** better-auth's length rule and our form schema share these. No composition rules (NIST 800-63B). */
export const PASSWORD_MIN_LENGTH = passwordLimits.min;
export const PASSWORD_MAX_LENGTH = passwordLimits.max;

export const PASSWORD_TOO_COMMON = "This password is too common. Please choose a different one.";

let common: Set<string> | undefined;

/**
 * The 3,000 most common passwords (scripts/extract-common-passwords.ts), compared case-insensitively.
 * Read from the committed text file on first use; `next start` and Vitest both run from the project root.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(path.join(process.cwd(), "src", "lib", "auth", "common-passwords.txt"), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return common.has(password.toLowerCase());
}
