import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REQUEST_STAGES } from "./pipeline";

/** The stage column of every numbered row in the guide's tables of the request's stages. */
function stagesInGuide(): string[] {
  const guide = readFileSync(path.resolve(import.meta.dirname, "../docs/architecture.md"), "utf8");
  const start = guide.indexOf("## A request, from socket to answer");
  const end = guide.indexOf("\n## ", start + 1);
  expect(start).toBeGreaterThanOrEqual(0);
  const section = guide.slice(start, end === -1 ? undefined : end);
  const stages: string[] = [];
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    // | # | stage | module | … |: a stage's row has a number (such as 8b) in its first cell.
    if (cells.length < 4 || !/^\d+[a-z]?$/.test(cells[1] ?? "")) continue;
    stages.push(cells[2] ?? "");
  }
  return stages;
}

describe("the request pipeline", () => {
  it("names its stages in the order docs/architecture.md's tables list them", () => {
    expect(stagesInGuide()).toEqual([...REQUEST_STAGES]);
  });
});
