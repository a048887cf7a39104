/**
 * The Caddyfile of the deploy recipe, written once: deploy/Caddyfile is this function's output for the
 * README's example (a unit test holds them equal), and `npm run deploy:check` renders the same site
 * block for its loopback servers, with Caddy's internal CA and its own ports and folders.
 */

export interface CaddySite {
  /** The site's address: a domain name (Caddy gets it a certificate from Let's Encrypt), or https://localhost:4643. */
  address: string;
  /** The app servers, host:port each (deploy/vva@.service, one instance per port). */
  upstreams: string[];
  /** Where Let's Encrypt sends notices about the certificate (the global `email` option). */
  acmeEmail?: string;
  /** A certificate from Caddy's own local CA (`tls internal`) instead of Let's Encrypt: for a name no public CA will certify. */
  internalTls?: boolean;
  /** For a Caddy beside other servers (the check): its ports, admin endpoint and storage, and no change to the system's trust store. */
  sandbox?: { httpPort: number; httpsPort: number; storageRoot: string };
}

const HEADER = `# Caddy in front of the site's app servers: HTTPS with a certificate it gets and renews from Let's
# Encrypt, HTTP redirected to HTTPS, and the requests spread over the app servers (deploy/vva@.service,
# one per port). Debian's caddy package reads /etc/caddy/Caddyfile: copy this file there, write your
# site's name for vva.example.org and your address for the email, list one upstream per app server you
# enabled, then \`systemctl reload caddy\`. README, "Deploy".
#
# Written by scripts/lib/caddyfile.ts (npm run deploy:check runs the same site block on loopback).
#
# No header_up is needed: Caddy sends the app X-Forwarded-For (the address it saw, never one a client
# wrote), X-Forwarded-Proto and X-Forwarded-Host, and keeps the Host header. The app believes them from
# the addresses in TRUSTED_PROXIES (deploy/vva.env.example), so set that to where Caddy connects from.
`;

/** The Caddyfile text (tabs, as \`caddy fmt\` writes). */
export function renderCaddyfile(site: CaddySite): string {
  if (site.upstreams.length === 0) throw new Error("the Caddyfile needs at least one app server");
  const global: string[] = [];
  if (site.acmeEmail) global.push(`email ${site.acmeEmail}`);
  if (site.sandbox) {
    global.push(
      `http_port ${site.sandbox.httpPort}`,
      `https_port ${site.sandbox.httpsPort}`,
      "admin off",
      "skip_install_trust",
      `storage file_system {`,
      `\troot ${site.sandbox.storageRoot}`,
      `}`,
    );
  }
  const lines = [
    ...(global.length > 0 ? ["{", ...global.map((line) => `\t${line}`), "}", ""] : []),
    `${site.address} {`,
    ...(site.internalTls ? ["\ttls internal", ""] : []),
    `\treverse_proxy ${site.upstreams.join(" ")} {`,
    "\t\t# Any server can answer any request: sessions, carts, seats and the page cache's",
    "\t\t# invalidations all go through PostgreSQL.",
    "\t\tlb_policy least_conn",
    "\t\t# A server that refuses the connection (restarting, stopped) is left out and the",
    "\t\t# request tried on another, for up to 10 s.",
    "\t\tlb_try_duration 10s",
    "\t\tfail_duration 30s",
    "\t\t# Each server is asked every 10 s whether it answers. Not /api/health: while the",
    "\t\t# database is down it answers 503 on every server, and Caddy would then answer",
    "\t\t# with an empty 503 instead of the site's own \"We'll be right back\" page and the",
    "\t\t# page cache's last good copies. /robots.txt needs the server, not the database.",
    "\t\thealth_uri /robots.txt",
    "\t\thealth_interval 10s",
    "\t\thealth_timeout 5s",
    "\t\t# Pages stream their parts as they are ready: pass each piece on at once.",
    "\t\tflush_interval -1",
    "\t}",
    "}",
  ];
  return `${HEADER}${lines.join("\n")}\n`;
}

/** The README's example: one domain, two app servers on ports 3001 and 3002. */
export const EXAMPLE_SITE: CaddySite = {
  address: "vva.example.org",
  upstreams: ["127.0.0.1:3001", "127.0.0.1:3002"],
  acmeEmail: "webmaster@vva.example.org",
};
