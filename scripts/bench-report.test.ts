import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startReport } from "./bench-report.ts";

describe("startReport", () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), "plukweide-bench-report-"));
    vi.stubEnv("BENCH_OUT", folder);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    rmSync(folder, { recursive: true, force: true });
  });

  it("writes what the bench printed to BENCH_OUT, after a header of the run's environment", () => {
    vi.stubEnv("BENCH_ROWS", "1000");
    vi.stubEnv("BENCH_DATABASE_URL", "postgres://bench:secret@127.0.0.1:5432/postgres");
    const report = startReport("search", { engine: "PGlite and PostgreSQL" });
    report.log("| query | p50 |");
    report.log("| text | 1.20 ms |");
    const file = report.finish();

    expect(path.dirname(file)).toBe(folder);
    expect(path.basename(file)).toMatch(/^search-\d{4}-\d{2}-\d{2}T\d{4}\.md$/);
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/^# bench:search, \d{4}-\d{2}-\d{2}T/);
    expect(text).toContain(`- Node ${process.version}; `);
    expect(text).toContain("- engine: PGlite and PostgreSQL");
    expect(text).toMatch(/- load average at the start \(1, 5, 15 min\): [\d.]+ [\d.]+ [\d.]+/);
    expect(text).toMatch(/- load average at the end \(1, 5, 15 min\): [\d.]+ [\d.]+ [\d.]+/);
    expect(text).toContain("BENCH_ROWS=1000");
    expect(text).toContain("postgres://bench:***@127.0.0.1:5432/postgres");
    expect(text).not.toContain("secret");
    expect(text).toContain("| query | p50 |\n| text | 1.20 ms |\n");
    expect(console.log).toHaveBeenCalledWith("| text | 1.20 ms |");
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining(path.basename(file)));
  });

  it("names the variant, writes attachments beside the report and keeps an earlier run's file", () => {
    const first = startReport("pages", { engine: "PostgreSQL", variant: "cache" });
    first.log("first");
    first.attach(".json", '{"samples":[]}');
    const firstFile = first.finish();
    const second = startReport("pages", { engine: "PostgreSQL", variant: "cache" });
    second.log("second");
    const secondFile = second.finish();

    expect(path.basename(firstFile)).toMatch(/^pages-cache-\d{4}-\d{2}-\d{2}T\d{4,6}\.md$/);
    expect(secondFile).not.toBe(firstFile);
    expect(readFileSync(firstFile, "utf8")).toContain("\nfirst\n");
    expect(readFileSync(firstFile, "utf8")).toContain(
      `- beside this file: ${path.basename(firstFile, ".md")}.json`,
    );
    expect(readFileSync(secondFile, "utf8")).toContain("\nsecond\n");
    expect(readFileSync(firstFile.replace(/\.md$/, ".json"), "utf8")).toBe('{"samples":[]}');
    expect(readdirSync(folder)).toHaveLength(3);
  });

  it("writes a run with implausible results under its own name, lists them and fails", () => {
    const report = startReport("pages", { engine: "PostgreSQL" });
    report.log("| /meadows | 0 requests/s |");
    report.within("CPU ms per request", 0, 0.001, 1000);
    report.within("kB of HTML", Number.NaN, 1, 1000);
    report.within("kB sent", 12, 0.1, 60);
    report.plausible("an answer", false);
    report.plausible("meadows in the table", true);

    expect(() => report.finish()).toThrow(
      "bench:pages measured implausible results:\n- CPU ms per request: 0, not in 0.001–1000\n- kB of HTML: NaN, not in 1–1000\n- an answer",
    );
    const [name] = readdirSync(folder);
    expect(name).toMatch(/^pages-implausible-\d{4}-\d{2}-\d{2}T\d{4}\.md$/);
    const text = readFileSync(path.join(folder, name as string), "utf8");
    expect(text).toContain("## Implausible results: not a measurement");
    expect(text).toContain("- an answer\n");
    expect(text).not.toContain("kB sent");
  });

  it("refuses to write a report of a run that printed nothing", () => {
    const report = startReport("startup", { engine: "PGlite" });
    expect(() => report.finish()).toThrow("printed nothing");
    expect(readdirSync(folder)).toHaveLength(0);
  });
});
