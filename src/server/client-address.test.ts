import { describe, expect, it } from "vitest";
import { resolveClientAddress, trustedProxyList } from "./client-address";

describe("resolveClientAddress", () => {
  const none = trustedProxyList([]);
  const proxies = trustedProxyList(["10.0.0.0/8", "192.0.2.10"]);

  it("uses the socket's peer and ignores X-Forwarded-For when the peer is not a trusted proxy", () => {
    expect(resolveClientAddress("203.0.113.7", undefined, none)).toBe("203.0.113.7");
    expect(resolveClientAddress("203.0.113.7", "198.51.100.1", none)).toBe("203.0.113.7");
    expect(resolveClientAddress("203.0.113.7", "198.51.100.1", proxies)).toBe("203.0.113.7");
  });

  it("walks back through trusted proxies and stops at the first hop that is not one", () => {
    expect(resolveClientAddress("10.1.2.3", "198.51.100.66, 203.0.113.7", proxies)).toBe("203.0.113.7");
    expect(resolveClientAddress("10.1.2.3", "198.51.100.66, 203.0.113.7, 192.0.2.10", proxies)).toBe("203.0.113.7");
  });

  it("keeps the last good hop when a proxy relays garbage", () => {
    expect(resolveClientAddress("10.1.2.3", "not-an-address", proxies)).toBe("10.1.2.3");
    expect(resolveClientAddress("10.1.2.3", "evil, 10.9.9.9", proxies)).toBe("10.9.9.9");
  });

  it("reads IPv4 clients of a dual-stack socket as IPv4", () => {
    expect(resolveClientAddress("::ffff:203.0.113.7", undefined, none)).toBe("203.0.113.7");
    expect(resolveClientAddress("::ffff:10.0.0.1", "::ffff:203.0.113.9", proxies)).toBe("203.0.113.9");
  });

  it("refuses a TRUSTED_PROXIES entry that is not an address or range", () => {
    expect(() => trustedProxyList(["example.org"])).toThrow(/TRUSTED_PROXIES/);
    expect(() => trustedProxyList(["10.0.0.0/33"])).toThrow(/prefix/);
  });
});
