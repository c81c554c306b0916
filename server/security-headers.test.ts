import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

describe("securityHeaders", () => {
  it("allows geolocation for the site only and no camera or microphone", () => {
    const policy = securityHeaders(new URL("http://localhost:3000"))["Permissions-Policy"];
    expect(policy).toContain("geolocation=(self)");
    expect(policy).toContain("camera=()");
    expect(policy).toContain("microphone=()");
  });

  it("asks for https only when the site's address is https", () => {
    expect(securityHeaders(new URL("http://localhost:3000"))).not.toHaveProperty(
      "Strict-Transport-Security",
    );
    expect(securityHeaders(new URL("https://plukweide.example"))).toMatchObject({
      "Strict-Transport-Security": "max-age=31536000",
    });
  });
});
