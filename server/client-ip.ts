import { isIP } from "node:net";

/**
 * The client's address. Behind a reverse proxy on a private or loopback address, the last entry
 * of X-Forwarded-For is the one that proxy saw; anything earlier in the header is whatever the
 * client chose to send, so it is never trusted.
 */
export function clientIp(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
): string {
  const peer = normalise(socketAddress ?? "");
  if (forwardedFor && isPrivate(peer)) {
    const last = normalise(forwardedFor.split(",").at(-1)?.trim() ?? "");
    if (isIP(last)) return last;
  }
  return peer || "unknown";
}

function normalise(address: string): string {
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

function isPrivate(address: string): boolean {
  if (address === "::1" || address.startsWith("fc") || address.startsWith("fd")) return true;
  const parts = address.split(".").map(Number);
  if (parts.length !== 4) return false;
  const [a = 0, b = 0] = parts;
  return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}
