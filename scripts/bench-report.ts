// The raw record of one benchmark run: every line the bench prints, as it printed it, between a
// header and a footer that say what ran and on what machine in what state. Written when the run
// ends to docs/benchmarks/<bench>-<UTC time>.md (BENCH_OUT names another folder), so that
// docs/benchmarks.md can link each figure to the output it came from.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";

export interface BenchReportOptions {
  /** The database engines the run measures, e.g. "PGlite and PostgreSQL". */
  engine: string;
  /** Added to the file's name after the bench's, e.g. "cache" for bench:pages with its cache. */
  variant?: string;
}

export interface BenchReport {
  /** Prints a line and keeps it for the file. */
  log(line?: string): void;
  /** A second file written beside the report, named after it with this suffix (e.g. ".json"). */
  attach(suffix: string, content: string): void;
  /**
   * Notes a result no working run produces (a page that was an error, a latency of zero, fewer
   * rows than loaded). `finish` then writes the report with a `-implausible` name and a list of
   * them, and throws: such a run is a broken setup, not a measurement.
   */
  plausible(what: string, ok: boolean): void;
  /** `plausible` for a number that must be one, within [min, max]. */
  within(what: string, value: number, min: number, max: number): void;
  /** Writes the report (and what was attached), prints its path and returns it. */
  finish(): string;
}

/** Environment variables the bench scripts read; their values go into the header. */
const READ_VARIABLES = /^(BENCH_\w+|PAGE_CACHE_SECONDS|MALLOC_\w+|TEST_DATABASE_URL|CHROME_PATH)$/;

function loads(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
}

/** A URL's password never goes into a file that may be committed. */
function withoutPassword(value: string): string {
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = "***";
    return url.href;
  } catch {
    return value;
  }
}

function environment(): string {
  const set = Object.entries(process.env)
    .filter(([name, value]) => READ_VARIABLES.test(name) && value !== undefined && value !== "")
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${withoutPassword(value as string)}`);
  return set.length > 0 ? set.join(", ") : "none of the bench's variables set";
}

function command(): string {
  const args = process.argv.slice(2).join(" ");
  const event = process.env.npm_lifecycle_event;
  if (event) return `npm run ${event}${args ? ` -- ${args}` : ""}`;
  const script = path.relative(process.cwd(), process.argv[1] ?? "");
  return `node ${script}${args ? ` ${args}` : ""}`;
}

/** The commit measured, and whether the code differed from it (raw output under docs/ aside). */
function commit(): string {
  const git = (...args: string[]) => spawnSync("git", args, { encoding: "utf8" });
  const head = git("rev-parse", "--short", "HEAD");
  if (head.status !== 0) return "unknown (not a git checkout)";
  const changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)docs");
  return `${head.stdout.trim()}${changed.stdout.trim() ? " with uncommitted changes" : ""}`;
}

/** 2026-11-25T0140 (UTC), or with seconds too: the names sort as the runs came. */
function stamp(date: Date, seconds = false): string {
  return date
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replaceAll(":", "");
}

export function startReport(bench: string, options: BenchReportOptions): BenchReport {
  const started = new Date();
  const processors = cpus();
  const header = [
    `# bench:${bench}, ${started.toISOString()}`,
    "",
    `- command: \`${command()}\``,
    `- environment: ${environment()}`,
    `- commit: ${commit()}`,
    `- engine: ${options.engine}`,
    `- Node ${process.version}; ${processors.length} CPUs (${processors[0]?.model.trim() ?? "unknown"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `- load average at the start (1, 5, 15 min): ${loads()}`,
    "",
  ];
  const lines: string[] = [];
  const attachments: { suffix: string; content: string }[] = [];
  const implausible: string[] = [];
  return {
    log(line = "") {
      console.log(line);
      lines.push(line);
    },
    attach(suffix, content) {
      attachments.push({ suffix, content });
    },
    plausible(what, ok) {
      if (!ok) implausible.push(what);
    },
    within(what, value, min, max) {
      if (!(value >= min && value <= max))
        implausible.push(`${what}: ${value}, not in ${min}–${max}`);
    },
    finish() {
      if (lines.length === 0) throw new Error(`bench:${bench} printed nothing to report`);
      const folder = process.env.BENCH_OUT || path.resolve("docs/benchmarks");
      mkdirSync(folder, { recursive: true });
      const marked = implausible.length > 0 ? "implausible" : undefined;
      const named = (seconds: boolean) =>
        [bench, options.variant, marked, stamp(started, seconds)].filter(Boolean).join("-");
      // A second run within the same minute keeps the first one's file.
      const name = existsSync(path.join(folder, `${named(false)}.md`)) ? named(true) : named(false);
      const file = path.join(folder, `${name}.md`);
      const footer = [
        "",
        `- load average at the end (1, 5, 15 min): ${loads()}`,
        `- took ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s`,
        ...attachments.map(({ suffix }) => `- beside this file: ${name}${suffix}`),
        ...(marked
          ? [
              "",
              "## Implausible results: not a measurement",
              "",
              ...implausible.map((what) => `- ${what}`),
            ]
          : []),
      ];
      writeFileSync(file, `${[...header, ...lines, ...footer].join("\n")}\n`);
      for (const { suffix, content } of attachments) {
        writeFileSync(path.join(folder, `${name}${suffix}`), content);
      }
      const shown = path.relative(process.cwd(), file);
      console.log(`\nwrote ${shown.startsWith("..") ? file : shown}`);
      if (marked) {
        throw new Error(
          `bench:${bench} measured implausible results:\n- ${implausible.join("\n- ")}`,
        );
      }
      return file;
    },
  };
}
