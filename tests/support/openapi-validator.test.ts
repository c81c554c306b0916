import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../app/services/open-data/openapi.server";
import { openApiValidator } from "./openapi-validator";

describe("openApiValidator", () => {
  const validate = openApiValidator(openApiDocument(new URL("https://plukweide.example")));
  const meadow = {
    id: "a",
    name: "A",
    country: "NL",
    city: "Bunnik",
    lat: 52,
    lng: 5,
    price: { text: "€1", amount: 1 },
    openingHours: "",
    crops: [],
    description: { en: "", nl: "" },
    url: "https://plukweide.example/meadows/a",
    demo: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };

  it("accepts what the document describes and finds what it does not", () => {
    expect(validate("/meadows/{id}", "get", 200, "application/json", meadow)).toEqual([]);
    expect(
      validate("/meadows/{id}", "get", 200, "application/json", { ...meadow, country: "XX" }),
    ).not.toEqual([]);
    expect(
      validate("/meadows/{id}", "get", 200, "application/json", { ...meadow, url: 5 }),
    ).not.toEqual([]);
    expect(validate("/meadows", "get", 200, "text/html", "")).not.toEqual([]);
    expect(validate("/meadows", "get", 418, "application/json", {})).not.toEqual([]);
  });
});
