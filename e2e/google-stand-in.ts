/**
 * A local OpenID Connect provider standing in for Google in the browser tests (oauth2-mock-server).
 *
 * It approves every authorization request at once, as the person named by the `google-identity`
 * cookie the test put in its browser context (see e2e/google.ts), so parallel tests each sign in as
 * their own Google account. An identity with `deny: true` answers like a visitor who cancels on
 * Google's consent screen (error=access_denied).
 */
import { OAuth2Server } from "oauth2-mock-server";
import { GOOGLE_IDENTITY_COOKIE, googleStandInPort, googleStandInUrl, parseGoogleIdentity, type GoogleIdentity } from "./google";

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
server.issuer.url = googleStandInUrl();

const identityByCode = new Map<string, GoogleIdentity>();

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

server.service.on("beforeAuthorizeRedirect", ({ url }: { url: URL }, req: { headers: { cookie?: string } }) => {
  const identity = parseGoogleIdentity(cookieValue(req.headers.cookie, GOOGLE_IDENTITY_COOKIE));
  const code = url.searchParams.get("code");
  if (!identity || identity.deny || !code) {
    url.searchParams.delete("code");
    url.searchParams.set("error", "access_denied");
    return;
  }
  identityByCode.set(code, identity);
});

server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
  const identity = req.body?.code ? identityByCode.get(req.body.code) : undefined;
  if (!identity) return;
  Object.assign(token.payload, { sub: identity.sub, email: identity.email, email_verified: true, name: identity.name });
});

await server.start(googleStandInPort(), "127.0.0.1");
console.log(`[google stand-in] OpenID provider at ${server.issuer.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void server.stop().finally(() => process.exit(0)));
}
