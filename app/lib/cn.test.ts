import type * as tailwindMerge from "tailwind-merge";
import { twMerge } from "tailwind-merge";
import { describe, expect, it, vi } from "vitest";

const merges = vi.hoisted(() => ({ count: 0 }));

vi.mock("tailwind-merge", async (importOriginal) => {
  const original = await importOriginal<typeof tailwindMerge>();
  return {
    ...original,
    twMerge: (...classes: Parameters<typeof original.twMerge>) => {
      merges.count++;
      return original.twMerge(...classes);
    },
  };
});

// Every component module, as the page's scripts load them (their tests aside).
const componentModules = import.meta.glob([
  "../components/**/*.tsx",
  "!../components/**/*.test.tsx",
]);

describe("class merging", () => {
  it("is not asked for while the components' modules load", async () => {
    // The first merge builds tailwind-merge's class map; the browser entry builds it in a task of
    // its own (prepareClassMerging), not in the long task that runs the page's modules.
    expect(Object.keys(componentModules).length).toBeGreaterThan(40);
    for (const load of Object.values(componentModules)) await load();
    expect(merges.count).toBe(0);
  });

  it("leaves the dialog box's classes as they are joined", async () => {
    const { dialogContentClassName } = await import("~/components/ui/dialog");
    expect(twMerge(dialogContentClassName)).toBe(dialogContentClassName);
  });

  it("prepares the class map with a merge", async () => {
    const { prepareClassMerging, cn } = await import("./cn");
    const before = merges.count;
    prepareClassMerging();
    expect(merges.count).toBe(before + 1);
    expect(cn("p-2", "p-4")).toBe("p-4");
  });
});
