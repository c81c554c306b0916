import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";

describe("clientIp", () => {
  it("uses the socket's address for direct clients", () => {
    expect(clientIp("203.0.113.7", undefined)).toBe("203.0.113.7");
    expect(clientIp("::ffff:203.0.113.7", undefined)).toBe("203.0.113.7");
  });

  it("ignores X-Forwarded-For from a public peer", () => {
    expect(clientIp("203.0.113.7", "1.2.3.4")).toBe("203.0.113.7");
  });

  it("takes the address the proxy appended, not what the client sent", () => {
    expect(clientIp("10.0.0.2", "6.6.6.6, 198.51.100.9")).toBe("198.51.100.9");
    expect(clientIp("127.0.0.1", "198.51.100.9")).toBe("198.51.100.9");
    expect(clientIp("10.0.0.2", "not an address")).toBe("10.0.0.2");
  });
});
