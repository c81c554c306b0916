import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isAllowedOrigin } from "./origin-check";

const request = (method: string, headers: Record<string, string>) =>
  ({ method, headers }) as unknown as IncomingMessage;
const app = "https://plukweide.example";

describe("isAllowedOrigin", () => {
  it("lets reads through from anywhere", () => {
    expect(isAllowedOrigin(request("GET", { origin: "https://evil.example" }), app)).toBe(true);
  });

  it("accepts posts from this site", () => {
    expect(isAllowedOrigin(request("POST", { origin: app }), app)).toBe(true);
    expect(
      isAllowedOrigin(
        request("POST", { origin: "http://localhost:3000", host: "localhost:3000" }),
        app,
      ),
    ).toBe(true);
    expect(isAllowedOrigin(request("POST", {}), app)).toBe(true);
  });

  it("refuses posts from other sites and opaque origins", () => {
    expect(
      isAllowedOrigin(
        request("POST", { origin: "https://evil.example", host: "plukweide.example" }),
        app,
      ),
    ).toBe(false);
    expect(
      isAllowedOrigin(request("DELETE", { origin: "null", host: "plukweide.example" }), app),
    ).toBe(false);
  });
});
