// `node scripts/bench-images.ts`: the image pipeline on a generated 12-megapixel photo (4000x3000
// JPEG). Reports the time of one upload processed alone (p50/p95 over BENCH_RUNS), the throughput
// of BENCH_PARALLEL uploads submitted at once (the pipeline runs two at a time), and the peak
// memory of the process doing it. Each measurement runs in a fresh process so its peak is its own.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 8);
const MEGAPIXELS = Number(process.env.BENCH_MEGAPIXELS ?? 12);
/** Display widths of a photo: gallery thumbnail, detail column, full width. */
const WIDTHS = (process.env.BENCH_WIDTHS ?? "320,640,1280").split(",").map(Number);

interface Result {
  samplesMs: number[];
  wallMs: number;
  variants: number;
  outputBytes: number;
  baselineRssMb: number;
  peakRssMb: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function measure(file: string, mode: "sequential" | "parallel"): Promise<Result> {
  const { processImage } = await import("../app/services/images.ts");
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
    console.log(
      `${MEGAPIXELS} MP JPEG of ${(jpeg.length / 1e6).toFixed(1)} MB, display widths ${WIDTHS.join(", ")}`,
    );

    const alone = runChild(file, "sequential");
    const sorted = [...alone.samplesMs].sort((a, b) => a - b);
    console.log(`${alone.variants} WebP files, ${(alone.outputBytes / 1e3).toFixed(0)} kB in all`);
    console.log("| measurement | runs | p50 | p95 | peak RSS (after warm-up) |");
    console.log("|---|---|---|---|---|");
    console.log(
      `| one upload at a time | ${RUNS} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 95).toFixed(0)} ms | ${alone.peakRssMb.toFixed(0)} MB (${alone.baselineRssMb.toFixed(0)} MB) |`,
    );

    const together = runChild(file, "parallel");
    const waited = [...together.samplesMs].sort((a, b) => a - b);
    console.log(
      `| ${PARALLEL} uploads at once | ${PARALLEL} | ${percentile(waited, 50).toFixed(0)} ms | ${percentile(waited, 95).toFixed(0)} ms | ${together.peakRssMb.toFixed(0)} MB (${together.baselineRssMb.toFixed(0)} MB) |`,
    );
    console.log(
      `throughput with ${PARALLEL} at once: ${((PARALLEL * 1000) / together.wallMs).toFixed(2)} images/s`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
