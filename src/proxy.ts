import { NextResponse, type NextRequest } from "next/server";

/**
 * RFC 8058 one-click unsubscribe. A newsletter's List-Unsubscribe link (/newsletter/unsubscribe?token=…)
 * is also a page: a GET shows it, with an Unsubscribe button. A mail provider's "Unsubscribe" POSTs
 * `List-Unsubscribe=One-Click` to that same address, and a page cannot answer a plain POST, so that
 * POST is handed to the route handler beside it (…/unsubscribe/one-click), which answers 200 without a
 * redirect. The page's own buttons stay with the page: with JavaScript they carry the framework's
 * Next-Action header (this proxy does not run for them), without it their form data holds `$ACTION_…`
 * fields. Such a form posted from another site is refused here: the HTTP front lets cross-site POSTs
 * through to this one address only for the mail providers' sake (src/server/request-guards.ts).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  if (request.method !== "POST" || request.nextUrl.pathname !== "/newsletter/unsubscribe") return NextResponse.next();
  const form = await request
    .clone()
    .formData()
    .catch(() => undefined);
  const pageForm = form !== undefined && [...form.keys()].some((key) => key.startsWith("$ACTION"));
  if (!pageForm) {
    const target = request.nextUrl.clone();
    target.pathname = "/newsletter/unsubscribe/one-click";
    return NextResponse.rewrite(target);
  }
  if (crossSite(request)) {
    return new NextResponse("This form was sent from another site. Go back to the page, reload it and try again.", {
      status: 403,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return NextResponse.next();
}

function crossSite(request: NextRequest): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  try {
    return new URL(origin).host !== (request.headers.get("x-forwarded-host") ?? request.headers.get("host"));
  } catch {
    return true;
  }
}

export const config = {
  matcher: [{ source: "/newsletter/unsubscribe", missing: [{ type: "header", key: "next-action" }] }],
};
