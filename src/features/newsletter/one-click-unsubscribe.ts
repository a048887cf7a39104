import type { Database } from "@/db/client";
import { isOpaqueToken } from "@/lib/opaque-token";
import { unsubscribeByToken } from "./newsletter.service";

function answer(status: number, text: string): Response {
  return new Response(`${text}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/**
 * RFC 8058: a POST of `List-Unsubscribe=One-Click` (form-encoded or multipart) to the newsletter's
 * List-Unsubscribe address unsubscribes its reader. It answers 200 for every token we could have
 * issued, whether or not it still names a subscriber (pressing twice is not an error, and the answer
 * tells a stranger nothing); a request without the right body or token is a 400.
 */
export async function oneClickUnsubscribe(db: Database, request: Request): Promise<Response> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer(400, "Send the form field List-Unsubscribe=One-Click (RFC 8058).");
  }
  if (form.get("List-Unsubscribe") !== "One-Click") return answer(400, "Send the form field List-Unsubscribe=One-Click (RFC 8058).");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!isOpaqueToken(token)) return answer(400, "This unsubscribe link is incomplete: use the one in the newsletter.");
  await unsubscribeByToken(db, token);
  return answer(200, "You are unsubscribed from the newsletter. You will not receive it any more.");
}
