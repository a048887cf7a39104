import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLE_SITE, renderCaddyfile } from "./caddyfile";

const root = path.resolve(import.meta.dirname, "..", "..");

describe("the Caddyfile", () => {
  it("deploy/Caddyfile is what the renderer writes for the README's example (deploy:check runs the same site block)", () => {
    expect(readFileSync(path.join(root, "deploy", "Caddyfile"), "utf8")).toBe(renderCaddyfile(EXAMPLE_SITE));
  });

  it("proxies the site's name to every app server, asks each for /robots.txt, and gets a Let's Encrypt certificate (no tls line)", () => {
    const text = renderCaddyfile({ address: "vva.example.org", upstreams: ["127.0.0.1:3001", "127.0.0.1:3002", "127.0.0.1:3003"], acmeEmail: "ops@example.org" });
    expect(text).toContain("{\n\temail ops@example.org\n}\n\nvva.example.org {\n\treverse_proxy 127.0.0.1:3001 127.0.0.1:3002 127.0.0.1:3003 {\n");
    expect(text).toContain("\t\thealth_uri /robots.txt\n");
    expect(text).not.toMatch(/^\s*tls /m);
  });

  it("for the check: Caddy's own CA, its own ports and storage, no admin endpoint, the system's trust store left alone", () => {
    const text = renderCaddyfile({
      address: "https://localhost:4643",
      upstreams: ["127.0.0.1:4601"],
      internalTls: true,
      sandbox: { httpPort: 4680, httpsPort: 4643, storageRoot: "/tmp/check/storage" },
    });
    expect(text).toContain("{\n\thttp_port 4680\n\thttps_port 4643\n\tadmin off\n\tskip_install_trust\n\tstorage file_system {\n\t\troot /tmp/check/storage\n\t}\n}\n\nhttps://localhost:4643 {\n\ttls internal\n");
  });

  it("refuses a site without app servers", () => {
    expect(() => renderCaddyfile({ address: "vva.example.org", upstreams: [] })).toThrow(/at least one app server/);
  });
});
