import { z } from "zod";
import { passwordLimits } from "./auth-fields";

/** A password being chosen (sign-up, reset, change): the length rules and their messages. */
export function newPasswordField(missing = "Password is required.") {
  return z
    .string({ message: missing })
    .min(1, missing)
    .min(passwordLimits.min, `Password must be at least ${passwordLimits.min} characters.`)
    .max(passwordLimits.max, `Password must be ${passwordLimits.max} characters or fewer.`);
}
