import { BlockList, isIP } from "node:net";

/**
 * The proxies whose X-Forwarded-For additions we believe (TRUSTED_PROXIES: IPs or CIDR ranges).
 * Everything else that claims a client address in a header is ignored.
 */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    if (family === 0) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      const max = family === 4 ? 32 : 128;
      if (!Number.isInteger(bits) || bits < 0 || bits > max || prefix.trim() === "") {
        throw new Error(`TRUSTED_PROXIES: "${entry}" has an invalid prefix length`);
      }
      list.addSubnet(address, bits, type);
    }
  }
  return list;
}

/** "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) → "203.0.113.7". */
export function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

export function isTrusted(address: string, trusted: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address. The socket's peer is the truth; only when the peer is a trusted proxy do we
 * look at the X-Forwarded-For hops it appended, from the right, and stop at the first hop that is
 * not a trusted proxy. Whatever a client wrote into the header itself is never believed.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trusted: BlockList): string {
  let client = normaliseAddress(socketAddress ?? "");
  if (!client) return "unknown";
  if (!forwardedFor) return client;
  const hops = forwardedFor.split(",").map((hop) => normaliseAddress(hop.trim()));
  while (isTrusted(client, trusted) && hops.length > 0) {
    const previous = hops.pop()!;
    if (isIP(previous) === 0) break; // garbage left of a trusted proxy: the proxy's peer is the best we know
    client = previous;
  }
  return client;
}
