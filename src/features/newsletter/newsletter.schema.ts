import { z } from "zod";
import { singleLineText } from "@/lib/text-fields";

export const subscribeSchema = z.object({
  email: singleLineText({ message: "Enter your e-mail address." })
    .trim()
    .min(1, "Enter your e-mail address.")
    .max(254, "That e-mail address is too long.")
    .pipe(z.email({ message: "Enter a valid e-mail address, like name@example.com." }))
    .transform((email) => email.toLowerCase()),
});

export type SubscribeInput = z.output<typeof subscribeSchema>;
