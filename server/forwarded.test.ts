import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, createProxyTrust, publicOrigin } from "./forwarded";

function request(
  remoteAddress: string,
  headers: Record<string, string> = {},
  encrypted = false,
): IncomingMessage {
  return { socket: { remoteAddress, encrypted }, headers } as unknown as IncomingMessage;
}

const nobody = createProxyTrust([]);
const loopback = createProxyTrust(["127.0.0.1", "::1"]);
const privateRanges = createProxyTrust(["10.0.0.0/8", "fd00::/8"]);

describe("createProxyTrust", () => {
  it("trusts the addresses and ranges it names, and nothing else", () => {
    expect(loopback.trusts("127.0.0.1")).toBe(true);
    expect(loopback.trusts("::ffff:127.0.0.1")).toBe(true);
    expect(loopback.trusts("::1")).toBe(true);
    expect(loopback.trusts("127.0.0.2")).toBe(false);
    expect(privateRanges.trusts("10.20.30.40")).toBe(true);
    expect(privateRanges.trusts("fd12::1")).toBe(true);
    expect(privateRanges.trusts("192.168.1.1")).toBe(false);
    expect(privateRanges.trusts("not an address")).toBe(false);
  });

  it("trusts no peer when none is named, loopback and private networks included", () => {
    for (const address of [
      "127.0.0.1",
      "::1",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.0.1",
      "fd00::1",
    ]) {
      expect(nobody.trusts(address)).toBe(false);
    }
  });
});

describe("clientAddress", () => {
  it("is the peer's own address when the peer is not a trusted proxy", () => {
    expect(clientAddress(request("203.0.113.7", { "x-forwarded-for": "1.2.3.4" }), loopback)).toBe(
      "203.0.113.7",
    );
    // Rotating the header from loopback changes nothing when loopback is not named.
    expect(clientAddress(request("127.0.0.1", { "x-forwarded-for": "1.2.3.4" }), nobody)).toBe(
      "127.0.0.1",
    );
    expect(clientAddress(request("::ffff:203.0.113.7"), loopback)).toBe("203.0.113.7");
  });

  it("takes the address the trusted proxy appended, not what the client sent before it", () => {
    const forwarded = { "x-forwarded-for": "6.6.6.6, 198.51.100.9" };
    expect(clientAddress(request("127.0.0.1", forwarded), loopback)).toBe("198.51.100.9");
  });

  it("walks past a chain of trusted proxies to the first address none of them owns", () => {
    const forwarded = { "x-forwarded-for": "6.6.6.6, 198.51.100.9, 10.0.0.3" };
    expect(clientAddress(request("10.0.0.2", forwarded), privateRanges)).toBe("198.51.100.9");
  });

  it("stops at anything that is not an address", () => {
    expect(
      clientAddress(request("127.0.0.1", { "x-forwarded-for": "not an address" }), loopback),
    ).toBe("127.0.0.1");
    expect(
      clientAddress(request("127.0.0.1", { "x-forwarded-for": "1.2.3.4, junk" }), loopback),
    ).toBe("127.0.0.1");
  });
});

describe("publicOrigin", () => {
  const headers = {
    host: "127.0.0.1:3000",
    "x-forwarded-proto": "https",
    "x-forwarded-host": "plukweide.example",
  };

  it("believes X-Forwarded-Proto and -Host from a trusted proxy", () => {
    expect(publicOrigin(request("127.0.0.1", headers), loopback)).toEqual({
      protocol: "https:",
      host: "plukweide.example",
    });
  });

  it("ignores them from anyone else", () => {
    expect(publicOrigin(request("203.0.113.7", headers), loopback)).toEqual({
      protocol: "http:",
      host: "127.0.0.1:3000",
    });
    expect(publicOrigin(request("127.0.0.1", headers, true), nobody)).toEqual({
      protocol: "https:",
      host: "127.0.0.1:3000",
    });
  });

  it("keeps the Host header when the forwarded host is malformed", () => {
    const odd = { ...headers, "x-forwarded-host": "evil.example/path" };
    expect(publicOrigin(request("127.0.0.1", odd), loopback).host).toBe("127.0.0.1:3000");
  });
});
