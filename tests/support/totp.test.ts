import { describe, expect, it } from "vitest";
import { totpCode } from "./totp";

describe("totpCode", () => {
  it("matches the RFC 6238 test vector (SHA-1, 59 s → 94287082 with 8 digits)", () => {
    // RFC 6238 appendix B: secret "12345678901234567890" in base32.
    const uri = "otpauth://totp/test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&digits=8";
    expect(totpCode(uri, 59_000)).toBe("94287082");
    expect(totpCode(uri, 1_111_111_109_000)).toBe("07081804");
  });
});
