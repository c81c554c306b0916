import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import { HOST_PATTERN } from "./request-guard";

/**
 * Forwarded headers (X-Forwarded-For, -Proto, -Host) are believed only from the proxies that
 * TRUSTED_PROXIES names: anyone else could write them to pose as another client, for example to
 * spread sign-in attempts over made-up addresses.
 */
export interface ProxyTrust {
  /** Whether the peer at `address` is a proxy whose forwarded headers are believed. */
  trusts(address: string): boolean;
}

/** Entries are addresses (`127.0.0.1`, `::1`) or ranges (`10.0.0.0/8`, `fd00::/8`). */
export function createProxyTrust(entries: readonly string[]): ProxyTrust {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return {
    trusts(address) {
      const plain = withoutMappedPrefix(address);
      const version = isIP(plain);
      if (version === 0 || entries.length === 0) return false;
      return list.check(plain, version === 6 ? "ipv6" : "ipv4");
    },
  };
}

/**
 * The client's address. Behind trusted proxies, X-Forwarded-For is read from the right: each
 * trusted hop appended the address it saw, and the first address no trusted proxy owns is the
 * client. Everything left of it is whatever the client chose to send.
 */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  const peer = withoutMappedPrefix(req.socket.remoteAddress ?? "");
  if (!trust.trusts(peer)) return peer || "unknown";
  const hops = forwardedForHops(req.headers["x-forwarded-for"]);
  let client = peer;
  for (const hop of hops.reverse()) {
    if (isIP(hop) === 0) break;
    client = hop;
    if (!trust.trusts(hop)) break;
  }
  return client;
}

/**
 * The protocol and host the browser used, for the request's URL (React Router compares it with
 * a form post's Origin): from a trusted proxy its X-Forwarded-Proto and -Host, else the socket's
 * own protocol and the Host header.
 */
export function publicOrigin(
  req: IncomingMessage,
  trust: ProxyTrust,
): { protocol: "http:" | "https:"; host: string | undefined } {
  const encrypted = "encrypted" in req.socket && req.socket.encrypted === true;
  const direct = {
    protocol: encrypted ? ("https:" as const) : ("http:" as const),
    host: req.headers.host,
  };
  if (!trust.trusts(req.socket.remoteAddress ?? "")) return direct;
  const proto = firstValue(req.headers["x-forwarded-proto"])?.toLowerCase();
  const host = firstValue(req.headers["x-forwarded-host"]);
  return {
    protocol: proto === "https" ? "https:" : proto === "http" ? "http:" : direct.protocol,
    host: host && HOST_PATTERN.test(host) ? host : direct.host,
  };
}

function forwardedForHops(header: string | string[] | undefined): string[] {
  const joined = Array.isArray(header) ? header.join(",") : (header ?? "");
  return joined
    .split(",")
    .map((hop) => withoutMappedPrefix(hop.trim()))
    .filter((hop) => hop !== "");
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim() || undefined;
}

function withoutMappedPrefix(address: string): string {
  return address.toLowerCase().startsWith("::ffff:") && isIP(address.slice(7)) === 4
    ? address.slice(7)
    : address;
}
