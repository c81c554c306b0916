import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy";

function directive(policy: string, name: string): string[] {
  const found = policy.split("; ").find((part) => part.startsWith(`${name} `));
  return found?.split(" ").slice(1) ?? [];
}

describe("the content security policy", () => {
  it("lets MapLibre start its worker and reach https map servers", () => {
    const policy = contentSecurityPolicy("abc", {
      mapStyleUrl: "https://tiles.openfreemap.org/styles/liberty",
    });
    expect(directive(policy, "worker-src")).toEqual(["'self'", "blob:"]);
    expect(directive(policy, "connect-src")).toEqual(["'self'", "https:"]);
    expect(directive(policy, "img-src")).toContain("https:");
  });

  it("names a plain-http style's origin, and only its origin", () => {
    const policy = contentSecurityPolicy("abc", {
      mapStyleUrl: "http://tiles.local:8080/styles/basic/style.json",
    });
    expect(directive(policy, "connect-src")).toContain("http://tiles.local:8080");
    expect(directive(policy, "img-src")).toContain("http://tiles.local:8080");
    expect(policy).not.toContain("/styles/basic");
  });

  it("ignores a style address that is not http", () => {
    for (const mapStyleUrl of ["javascript:alert(1)", "not a url", undefined]) {
      const policy = contentSecurityPolicy("abc", { mapStyleUrl });
      expect(directive(policy, "connect-src")).toEqual(["'self'", "https:"]);
    }
  });
});
