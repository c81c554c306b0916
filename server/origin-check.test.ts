import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isAllowedOrigin } from "./origin-check";

const request = (method: string, headers: Record<string, string>) =>
  ({ method, headers }) as unknown as IncomingMessage;
const site = ["https://plukweide.example", "http://localhost:3000"];

describe("isAllowedOrigin", () => {
  it("lets reads through from anywhere", () => {
    expect(isAllowedOrigin(request("GET", { origin: "https://evil.example" }), site)).toBe(true);
  });

  it("accepts posts from this site", () => {
    expect(isAllowedOrigin(request("POST", { origin: "https://plukweide.example" }), site)).toBe(
      true,
    );
    expect(isAllowedOrigin(request("POST", { origin: "http://localhost:3000" }), site)).toBe(true);
    expect(isAllowedOrigin(request("POST", {}), site)).toBe(true);
  });

  it("refuses posts from other sites, other schemes and opaque origins", () => {
    for (const origin of ["https://evil.example", "https://localhost:3000", "null", ""]) {
      expect(isAllowedOrigin(request("POST", { origin }), site)).toBe(false);
    }
    expect(isAllowedOrigin(request("DELETE", { origin: "null" }), site)).toBe(false);
  });

  it("accepts an opaque origin only when the browser says the post came from this site", () => {
    // A form on a page with Referrer-Policy: no-referrer (a mailed link's page).
    const fromHere = { origin: "null", "sec-fetch-site": "same-origin" };
    expect(isAllowedOrigin(request("POST", fromHere), site)).toBe(true);
    for (const from of ["cross-site", "same-site", "none"]) {
      expect(
        isAllowedOrigin(request("POST", { origin: "null", "sec-fetch-site": from }), site),
      ).toBe(false);
    }
  });
});
