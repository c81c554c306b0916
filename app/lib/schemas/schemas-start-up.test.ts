import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as ZodModule from "./zod";

// A page's scripts load these modules whole: the search's for the list's filters, which are in
// every page's shell, the account forms' for one of their forms, and the photos' on a meadow's
// page for its limits. Loading one must build no schema; each is built when first used
// (lazySchema).
const zodUse = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock("./zod", async (importOriginal) => {
  const actual = await importOriginal<typeof ZodModule>();
  const watched = new Proxy(actual.z, {
    get(target, name, receiver) {
      zodUse.names.push(String(name));
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return { ...actual, z: watched };
});

beforeEach(() => {
  zodUse.names.length = 0;
});

describe("the meadow search's module", () => {
  it("builds its schemas on their first use, not when it loads", async () => {
    const { parseMeadowSearch, parsePageParam } = await import("./meadow-search");
    expect(zodUse.names).toEqual([]);

    expect(parseMeadowSearch(new URLSearchParams("q=tulp&page=3"))).toMatchObject({
      q: "tulp",
      page: 3,
    });
    expect(zodUse.names).not.toEqual([]);
    expect(parsePageParam("2")).toBe(2);
  });
});

describe("the account forms' module", () => {
  it("builds a form's schema when the form first asks for it, and only once", async () => {
    const { loginSchema } = await import("./account");
    expect(zodUse.names).toEqual([]);

    const schema = loginSchema();
    expect(zodUse.names).not.toEqual([]);
    expect(loginSchema()).toBe(schema);
    expect(schema.safeParse({ email: "Anna@Example.com ", password: "x" })).toMatchObject({
      success: true,
      data: { email: "anna@example.com" },
    });
  });
});

describe("the photo forms' module", () => {
  it("builds its schemas on their first use, not when it loads", async () => {
    const { PHOTO_CAPTION_MAX, photoUploadSchema } = await import("./photo");
    expect(PHOTO_CAPTION_MAX).toBe(200);
    expect(zodUse.names).toEqual([]);

    expect(photoUploadSchema().safeParse({ caption: "  Tulpen  " })).toMatchObject({
      data: { caption: "Tulpen" },
    });
    expect(zodUse.names).not.toEqual([]);
  });
});
