import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, formatPrice } from "./format";

describe("formatting in the page's language", () => {
  it("writes dates", () => {
    expect(formatDate("2026-11-22", "en")).toBe("22 November 2026");
    expect(formatDate("2026-11-22", "nl")).toBe("22 november 2026");
    expect(formatDate("2026-11-22", "en", "medium")).toBe("22 Nov 2026");
    expect(formatDate("2026-11-22", "nl", "medium")).toBe("22 nov 2026");
  });

  it("writes numbers and prices", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(1234.5, "nl")).toBe("1.234,5");
    expect(formatPrice(0.5, "en")).toBe("€0.50");
    // Intl puts a no-break space between the euro sign and the amount in Dutch.
    expect(formatPrice(0.5, "nl")).toBe("€\u00a00,50");
  });
});
