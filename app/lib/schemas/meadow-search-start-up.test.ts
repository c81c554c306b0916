import { describe, expect, it, vi } from "vitest";
import type * as ZodModule from "./zod";

// Every page's scripts load the search's module (the list's filters are in the shell), so it
// must build no schema when it loads: building them was most of a phone's zod work at start-up.
const zodUse = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock("./zod", async (importOriginal) => {
  const { z } = await importOriginal<typeof ZodModule>();
  const watched = new Proxy(z, {
    get(target, name, receiver) {
      zodUse.names.push(String(name));
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return { z: watched };
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
