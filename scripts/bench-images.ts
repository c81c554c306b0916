// `node scripts/bench-images.ts`: the image pipeline on a generated 12-megapixel photo (4000x3000
// JPEG). Reports the time of one upload processed alone (p50/p95 over BENCH_RUNS), the throughput
// of BENCH_PARALLEL uploads submitted at once (the pipeline runs two at a time), and the peak
// memory of the process doing it. Each measurement runs in a fresh process so its peak is its own.
// Then, with the production build (`npm run build`), end to end over HTTP: a member's uploads to
// the app, BENCH_HTTP_PARALLEL (4) at once, with the server's peak memory; and what a meadow page
// with 30 photos transfers in images before the visitor scrolls, on a desktop and on a phone.
// With BENCH_DATABASE_URL (an empty PostgreSQL database) the app uses it instead of PGlite, whose
// engine would otherwise count in the app's memory. The tables go to docs/benchmarks/
// (scripts/bench-report.ts). Last, one member sends BENCH_CONCURRENT (60,120) uploads of 15 MB at
// once, each round on its own, with the server's peak memory during the round; the second round
// comes on top of the first's uploads in the member's hour. BENCH_PARTS=concurrency measures only
// that.
import { spawnSync } from "node:child_process";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./server-memory.ts";
import { startReport } from "./bench-report.ts";
import { percentile } from "./statistics.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 4);
const MEGAPIXELS = Number(process.env.BENCH_MEGAPIXELS ?? 12);
/** Display widths of a photo: gallery tile, result card, full view (PHOTO_WIDTHS). */
const WIDTHS = (process.env.BENCH_WIDTHS ?? "320,480,1280").split(",").map(Number);
const HTTP_PARALLEL = Number(process.env.BENCH_HTTP_PARALLEL ?? 4);
const HTTP_ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const PAGE_PHOTOS = 30;
const CONCURRENT = (process.env.BENCH_CONCURRENT ?? "60,120").split(",").map(Number);
const ONLY_CONCURRENCY = process.env.BENCH_PARTS === "concurrency";

interface Result {
  samplesMs: number[];
  wallMs: number;
  variants: number;
  outputBytes: number;
  baselineRssMb: number;
  peakRssMb: number;
}

async function measure(file: string, mode: "sequential" | "parallel"): Promise<Result> {
  const { processImage } = await import("../app/adapters/images.server.ts");
  const bytes = readFileSync(file);
  // One warm-up: loads libvips' codecs so the first sample is not an outlier.
  await processImage(bytes, { namespace: "photos", widths: WIDTHS });
  const baselineRssMb = process.resourceUsage().maxRSS / 1024;
  const samplesMs: number[] = [];
  let variants = 0;
  let outputBytes = 0;
  const once = async () => {
    const started = performance.now();
    const image = await processImage(bytes, { namespace: "photos", widths: WIDTHS });
    samplesMs.push(performance.now() - started);
    variants = image.variants.length;
    outputBytes = image.variants.reduce((sum, variant) => sum + variant.bytes.length, 0);
  };
  const started = performance.now();
  if (mode === "sequential") for (let run = 0; run < RUNS; run += 1) await once();
  else await Promise.all(Array.from({ length: PARALLEL }, once));
  return {
    samplesMs,
    wallMs: performance.now() - started,
    variants,
    outputBytes,
    baselineRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

function runChild(file: string, mode: "sequential" | "parallel"): Result {
  const child = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), "--measure", mode, file],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  if (child.status !== 0) throw new Error(`measuring ${mode} failed (exit ${child.status})`);
  return JSON.parse(child.stdout) as Result;
}

const measuring = process.argv.indexOf("--measure");
// The report is the parent's: a `--measure` child answers with its JSON alone.
const report =
  measuring === -1
    ? startReport("images", { engine: process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite" })
    : undefined;
const log = (line?: string) => report?.log(line);

if (measuring !== -1) {
  const [mode, file] = process.argv.slice(measuring + 1);
  if (file === undefined) throw new Error("usage: bench-images.ts --measure <mode> <file>");
  const result = await measure(file, mode === "parallel" ? "parallel" : "sequential");
  process.stdout.write(JSON.stringify(result));
} else {
  const { photoJpeg } = await import("../tests/fixtures/images/generate.ts");
  const dir = mkdtempSync(path.join(tmpdir(), "plukweide-bench-images-"));
  try {
    const file = path.join(dir, "photo.jpg");
    const jpeg = await photoJpeg(MEGAPIXELS);
    writeFileSync(file, jpeg);
    log(
      `${MEGAPIXELS} MP JPEG of ${(jpeg.length / 1e6).toFixed(1)} MB, display widths ${WIDTHS.join(", ")}`,
    );

    if (ONLY_CONCURRENCY) {
      if (!existsSync("build/server/index.js")) throw new Error("`npm run build` first");
      await overHttp(jpeg, dir);
      rmSync(dir, { recursive: true, force: true });
      report?.finish();
      process.exit(0);
    }
    const alone = runChild(file, "sequential");
    const sorted = [...alone.samplesMs].sort((a, b) => a - b);
    // Each display width gives a WebP file smaller than the photo, made in more than no time.
    report?.within("WebP files per photo", alone.variants, 1, WIDTHS.length * 4);
    report?.within("kB of WebP files", alone.outputBytes / 1e3, 1, jpeg.length / 1e3);
    report?.within("one upload: p50 ms", percentile(sorted, 50), 1, 60_000);
    log(`${alone.variants} WebP files, ${(alone.outputBytes / 1e3).toFixed(0)} kB in all`);
    log("| measurement | runs | p50 | p95 | peak RSS (after warm-up) |");
    log("|---|---|---|---|---|");
    log(
      `| one upload at a time | ${RUNS} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 95).toFixed(0)} ms | ${alone.peakRssMb.toFixed(0)} MB (${alone.baselineRssMb.toFixed(0)} MB) |`,
    );

    const together = runChild(file, "parallel");
    const waited = [...together.samplesMs].sort((a, b) => a - b);
    report?.within(
      `${PARALLEL} at once: peak RSS MB`,
      together.peakRssMb,
      together.baselineRssMb,
      24_000,
    );
    log(
      `| ${PARALLEL} uploads at once | ${PARALLEL} | ${percentile(waited, 50).toFixed(0)} ms | ${percentile(waited, 95).toFixed(0)} ms | ${together.peakRssMb.toFixed(0)} MB (${together.baselineRssMb.toFixed(0)} MB) |`,
    );
    log(
      `throughput with ${PARALLEL} at once: ${((PARALLEL * 1000) / together.wallMs).toFixed(2)} images/s`,
    );
    if (existsSync("build/server/index.js")) await overHttp(jpeg, dir);
    else log("no production build: `npm run build` first for the HTTP measurements");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  report?.finish();
}

/** Peak resident memory of a process so far (Linux), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

function startApp(base: string, port: number, dataDir: string) {
  // As `npm start` runs it (scripts/server-memory.ts); MALLOC_ARENA_MAX may be set to compare.
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.ts"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...SERVER_ENV,
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      // PGlite runs inside the app's process and counts in its memory; PostgreSQL does not.
      ...(process.env.BENCH_DATABASE_URL
        ? {
            DATABASE_URL: process.env.BENCH_DATABASE_URL,
            AUTH_SECRET: "bench-images-secret-that-is-long-enough-0123456789",
          }
        : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function untilHealthy(base: string) {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      if (tries > 300) throw new Error("the app did not start");
    }
    await sleep(200);
  }
}

async function overHttp(jpeg: Buffer, dir: string) {
  const port = 3690 + (process.pid % 200);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(dir, "data");
  // The first start creates the embedded database (initdb in WebAssembly), whose memory peak
  // would hide the uploads' own: measured on the second start, as a server runs day to day.
  const first = startApp(base, port, dataDir);
  await untilHealthy(base);
  await new Promise((resolve) => {
    first.once("exit", resolve);
    first.kill("SIGTERM");
  });
  const server = startApp(base, port, dataDir);
  try {
    await untilHealthy(base);
    const cookies = await signedInMember(base, dataDir);
    const upload = async (meadow: string, bytes: Buffer, name: string) => {
      const body = new FormData();
      body.set("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), name);
      const started = performance.now();
      const response = await fetch(`${base}/api/meadows/${meadow}/photos`, {
        method: "POST",
        body,
        headers: { cookie: cookies, origin: base },
      });
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      return performance.now() - started;
    };
    const pid = server.pid;
    if (pid === undefined) throw new Error("the app did not start");
    const afterStart = peakRssMb(pid);
    if (ONLY_CONCURRENCY) {
      await concurrentUploads(base, pid, cookies, jpeg);
      return;
    }
    const samples: number[] = [];
    const rounds: number[] = [];
    for (let round = 0; round < HTTP_ROUNDS; round += 1) {
      const started = performance.now();
      samples.push(
        ...(await Promise.all(
          Array.from({ length: HTTP_PARALLEL }, (_, i) =>
            upload("demo-002", jpeg, `round-${round}-${i}.jpg`),
          ),
        )),
      );
      rounds.push(performance.now() - started);
    }
    const sorted = [...samples].sort((a, b) => a - b);
    log(
      `\nover HTTP, ${HTTP_PARALLEL} uploads of the ${MEGAPIXELS} MP JPEG at once, ${HTTP_ROUNDS} rounds:`,
    );
    log("| measurement | p50 | p95 | per round | server peak RSS (after start) |");
    log("|---|---|---|---|---|");
    log(
      `| ${HTTP_PARALLEL} at once | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 95).toFixed(0)} ms | ${percentile(
        [...rounds].sort((a, b) => a - b),
        50,
      ).toFixed(0)} ms | ${peakRssMb(pid).toFixed(0)} MB (${afterStart.toFixed(0)} MB) |`,
    );

    // A meadow page with 30 different photos (3 MP each, as phones send them scaled).
    const { photoJpeg } = await import("../tests/fixtures/images/generate.ts");
    for (let i = 0; i < PAGE_PHOTOS; i += 1) {
      await upload("demo-003", await photoJpeg(3, 1000 + i * 7919), `page-${i}.jpg`);
    }
    await pageWeight(`${base}/meadows/demo-003`);
    await concurrentUploads(base, pid, await signedInMember(base, dataDir), jpeg);
  } finally {
    server.kill("SIGTERM");
  }
}

/**
 * One member's uploads of 15 MB sent all at once, in rounds of CONCURRENT: the statuses the
 * server answered and its peak memory during each round (the peak is reset between rounds).
 * The file is the photo with bytes after its end marker, which decoders ignore.
 */
async function concurrentUploads(base: string, pid: number, cookies: string, jpeg: Buffer) {
  const size = 15 * 1024 * 1024 - 4096;
  const big = Buffer.concat([jpeg, Buffer.alloc(Math.max(0, size - jpeg.length), 0x20)]);
  log(`\none member's uploads of ${(big.length / 1024 / 1024).toFixed(1)} MB at once, by round:`);
  log("| uploads at once | answers | wall time | server peak RSS (before) |");
  log("|---|---|---|---|");
  for (const [round, count] of CONCURRENT.entries()) {
    // Writing 5 to clear_refs resets the peak (VmHWM) to the current resident size.
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    const before = peakRssMb(pid);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const body = new FormData();
        body.set(
          "photo",
          new Blob([new Uint8Array(big)], { type: "image/jpeg" }),
          `c${round}-${i}.jpg`,
        );
        try {
          const response = await fetch(`${base}/api/meadows/demo-00${4 + (i % 5)}/photos`, {
            method: "POST",
            body,
            headers: { cookie: cookies, origin: base },
          });
          await response.arrayBuffer();
          return String(response.status);
        } catch {
          return "no answer";
        }
      }),
    );
    const tally = new Map<string, number>();
    for (const status of statuses) tally.set(status, (tally.get(status) ?? 0) + 1);
    const answers = [...tally]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${n}× ${status}`)
      .join(", ");
    const peak = peakRssMb(pid);
    report?.within(`${count} at once: peak RSS MB`, peak, 1, 24_000);
    log(
      `| ${count} | ${answers} | ${((performance.now() - started) / 1000).toFixed(1)} s | ${peak.toFixed(0)} MB (${before.toFixed(0)} MB) |`,
    );
  }
}

/** Registers a member through the form and confirms the emailed (here: written) link. */
async function signedInMember(base: string, dataDir: string): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (target: string, body?: URLSearchParams) => {
    const response = await fetch(new URL(target, base), {
      method: body ? "POST" : "GET",
      body,
      redirect: "manual",
      headers: { origin: base, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0] ?? "";
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return response;
  };
  const password = "bench-photos-2026";
  await send(
    "/register",
    new URLSearchParams({
      name: "Bench Member",
      email: `bench-${Date.now()}@example.org`,
      password,
      confirmPassword: password,
    }),
  );
  const mailDir = path.join(dataDir, "mail");
  let link: string | undefined;
  for (let tries = 0; tries < 50 && !link; tries += 1) {
    await sleep(100);
    const mails = existsSync(mailDir)
      ? readdirSync(mailDir).map((file) => readFileSync(path.join(mailDir, file), "utf8"))
      : [];
    const text = mails
      .join("\n")
      .replace(/=\r?\n/g, "")
      .replaceAll("=3D", "=");
    link = /http:\/\/127\.0\.0\.1:\d+\/auth\/callback\?[^\s"<]+/
      .exec(text)?.[0]
      .replaceAll("&amp;", "&");
  }
  if (!link) throw new Error("no confirmation mail");
  await send(link);
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** Image bytes a fresh browser transfers for the page before any scrolling. */
async function pageWeight(url: string) {
  const { chromium } = await import("@playwright/test");
  const { chromiumArgs, chromiumExecutablePath } = await import("../tests/support/chromium.ts");
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath,
    args: chromiumArgs,
  });
  log(`\nimages a meadow page with ${PAGE_PHOTOS} photos transfers before scrolling:`);
  log("| screen | images | kB |");
  log("|---|---|---|");
  try {
    for (const screen of [
      {
        name: "desktop 1280x800, 1x",
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
      },
      { name: "phone 360x800, 2x", viewport: { width: 360, height: 800 }, deviceScaleFactor: 2 },
      { name: "phone 412x915, 3x", viewport: { width: 412, height: 915 }, deviceScaleFactor: 3 },
    ]) {
      const context = await browser.newContext(screen);
      const page = await context.newPage();
      let bytes = 0;
      let images = 0;
      page.on("response", (response) => {
        if (!new URL(response.url()).pathname.startsWith("/images/")) return;
        images += 1;
        void response.body().then(
          (body) => (bytes += body.length),
          () => undefined,
        );
      });
      await page.goto(url, { waitUntil: "networkidle" });
      await sleep(500);
      log(`| ${screen.name} | ${images} | ${(bytes / 1000).toFixed(0)} |`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
