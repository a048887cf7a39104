import { getDb } from "@/db/client";
import { oneClickUnsubscribe } from "@/features/newsletter/one-click-unsubscribe";

/**
 * Where src/proxy.ts hands a mail provider's one-click POST to /newsletter/unsubscribe?token=… (RFC
 * 8058). No cookie is read and no redirect is sent: the token in the address is the whole authority.
 */
export async function POST(request: Request): Promise<Response> {
  return oneClickUnsubscribe(getDb(), request);
}
