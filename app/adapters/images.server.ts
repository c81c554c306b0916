import { createHash } from "node:crypto";
import { open, readFile, stat } from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import type { ObjectStorage } from "~/adapters/storage.server";

/**
 * The image pipeline (DESIGN.md "Images"): uploads are recognised by their content, checked against
 * the size limits, turned upright, stripped of every piece of metadata and re-encoded as WebP at
 * densities 1 and 2 of each display width. The uploaded bytes themselves are never stored.
 */

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Jobs decoding at once: each holds up to one decoded source in memory (150 MB at 50 MP). */
export const MAX_CONCURRENT_IMAGE_JOBS = 2;
const WEBP_QUALITY = 80;
// libwebp's method 2 instead of its default 4: far less encoding time for nearly the same file
// size (ADR 30).
const WEBP_EFFORT = 2;
const MAX_DISPLAY_WIDTH = 4096;
/** libwebp's largest side: a taller (or wider) variant is scaled down to fit it. */
const WEBP_MAX_SIDE = 16383;

export type ImageNamespace = "avatars" | "photos";
/**
 * An upload's bytes, or a file that holds them: a file is read only when its turn in the
 * processing queue comes, so uploads waiting their turn hold no memory.
 */
export type ImageInput = Buffer | { path: string };
export type SourceFormat = "jpeg" | "png" | "webp" | "avif";

export interface ProcessImageOptions {
  namespace: ImageNamespace;
  /** CSS pixel widths the image is shown at; each gets a 1x and (source permitting) a 2x file. */
  widths: readonly number[];
  /** Crop to a centred square, nudged towards the most interesting part (avatars). */
  cropToSquare?: boolean;
}

export interface ImageVariant {
  key: string;
  displayWidth: number;
  density: 1 | 2;
  /** Pixel size of the file. */
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** `<namespace>/<hash>`: every variant's key starts with it; store it to find them again. */
  keyPrefix: string;
  format: SourceFormat;
  /** Upright size of what the variants were made from (after orientation and any crop). */
  width: number;
  height: number;
  /** The picture's dominant colour, `#rrggbb`: what a page shows until a file has loaded. */
  placeholder: string;
  variants: ImageVariant[];
}

/** Base of the errors an upload form turns into a translated 4xx message. */
export abstract class ImageError extends Error {
  abstract readonly reason: "too-large" | "unsupported" | "undecodable";
}

export class ImageTooLargeError extends ImageError {
  override name = "ImageTooLargeError";
  readonly reason = "too-large";
  readonly limit: "bytes" | "pixels";
  constructor(limit: "bytes" | "pixels") {
    super(
      limit === "bytes"
        ? `image is larger than ${MAX_IMAGE_BYTES} bytes`
        : `image has more than ${MAX_IMAGE_PIXELS} pixels`,
    );
    this.limit = limit;
  }
}

export class UnsupportedImageError extends ImageError {
  override name = "UnsupportedImageError";
  readonly reason = "unsupported";
  constructor() {
    super("not a JPEG, PNG, WebP or AVIF image");
  }
}

export class ImageDecodeError extends ImageError {
  override name = "ImageDecodeError";
  readonly reason = "undecodable";
  constructor(cause: unknown) {
    super("the image could not be decoded", { cause });
  }
}

// Two jobs at a time, each on one libvips thread: both cores busy, memory bounded. libvips' cache
// helps when the same files are processed again, which never happens with uploads.
sharp.concurrency(1);
sharp.cache(false);

const INPUT_OPTIONS = { limitInputPixels: MAX_IMAGE_PIXELS } as const;

/** A counting semaphore: at most `slots` jobs run, the rest wait in arrival order. */
export function createLimiter(slots: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (active < slots) active += 1;
      // A finishing job hands its slot straight to the next in line, so `active` stays put.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await job();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
    load: () => ({ active, waiting: waiting.length }),
  };
}

// One queue per process: the server's own code (its metrics) and the app's build each load this
// module, and must see the same queue.
const QUEUE = Symbol.for("plukweide.imageQueue");
const limiter: ReturnType<typeof createLimiter> = ((globalThis as Record<symbol, unknown>)[
  QUEUE
] ??= createLimiter(MAX_CONCURRENT_IMAGE_JOBS)) as ReturnType<typeof createLimiter>;

/** Jobs running and waiting, for metrics and tests. */
export const imageProcessingLoad = limiter.load;

/** Recognises the four accepted formats by their signatures; the file name plays no part. */
export function sniffImageFormat(bytes: Buffer): SourceFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "jpeg";
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") {
    return "webp";
  }
  // ISO base media file: a leading `ftyp` box whose major or compatible brands name AVIF.
  if (bytes.length >= 16 && bytes.toString("latin1", 4, 8) === "ftyp") {
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [bytes.toString("latin1", 8, 12)];
    for (let offset = 16; offset + 4 <= boxEnd; offset += 4) {
      brands.push(bytes.toString("latin1", offset, offset + 4));
    }
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return undefined;
}

export interface PlannedVariant {
  displayWidth: number;
  density: 1 | 2;
  width: number;
}

/**
 * Which files a source of `sourceWidth` pixels yields: never wider than the source, so a small
 * source gets a narrower 1x, a 2x capped at its own width, or no 2x when it is no wider than 1x.
 * Pages render with explicit width and height, so a short file still lays out at display size.
 */
export function planVariants(sourceWidth: number, widths: readonly number[]): PlannedVariant[] {
  const unique = [...new Set(widths)].sort((a, b) => a - b);
  return unique.flatMap((displayWidth): PlannedVariant[] => {
    const oneX: PlannedVariant = {
      displayWidth,
      density: 1,
      width: Math.min(displayWidth, sourceWidth),
    };
    if (sourceWidth <= displayWidth) return [oneX];
    return [oneX, { displayWidth, density: 2, width: Math.min(2 * displayWidth, sourceWidth) }];
  });
}

export function variantKey(keyPrefix: string, displayWidth: number, density: 1 | 2): string {
  return `${keyPrefix}/${displayWidth}w-${density}x.webp`;
}

/**
 * `src` and `srcset` for an image stored earlier, from what the database keeps (key prefix and
 * the upright width); `displayWidth` must be one of the widths it was processed with.
 */
export function imageSources(
  storage: Pick<ObjectStorage, "publicUrl">,
  image: { keyPrefix: string; width: number },
  displayWidth: number,
): { src: string; srcSet: string } {
  const planned = planVariants(image.width, [displayWidth]);
  const url = (density: 1 | 2) =>
    storage.publicUrl(variantKey(image.keyPrefix, displayWidth, density));
  return {
    src: url(1),
    srcSet: planned.map((variant) => `${url(variant.density)} ${variant.density}x`).join(", "),
  };
}

function contentHash(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

function assertWidths(widths: readonly number[]) {
  if (widths.length === 0) throw new RangeError("at least one display width is needed");
  for (const width of widths) {
    if (!Number.isInteger(width) || width < 1 || width > MAX_DISPLAY_WIDTH) {
      throw new RangeError(`display width must be an integer from 1 to ${MAX_DISPLAY_WIDTH}`);
    }
  }
}

/** sharp's name for each accepted format; AVIF is HEIF with the AV1 codec. */
function decoderMatches(format: SourceFormat, metadata: Metadata): boolean {
  if (format === "avif") return metadata.format === "heif" && metadata.compression === "av1";
  return metadata.format === format;
}

/**
 * Turns uploaded bytes into WebP variants. Throws ImageTooLargeError, UnsupportedImageError or
 * ImageDecodeError for files the user should be told about; RangeError for bad `widths`.
 */
export async function processImage(
  input: ImageInput,
  options: ProcessImageOptions,
): Promise<ProcessedImage> {
  assertWidths(options.widths);
  // Size and format are checked before the queue, so a file refused for either never waits.
  const size = Buffer.isBuffer(input) ? input.length : (await stat(input.path)).size;
  if (size > MAX_IMAGE_BYTES) throw new ImageTooLargeError("bytes");
  const format = sniffImageFormat(Buffer.isBuffer(input) ? input : await readHead(input.path));
  if (format === undefined) throw new UnsupportedImageError();

  return limiter.run(async () => {
    const bytes = Buffer.isBuffer(input) ? input : await readFile(input.path);
    // Checked again on what was read: a file may have changed since.
    if (bytes.length > MAX_IMAGE_BYTES) throw new ImageTooLargeError("bytes");
    if (sniffImageFormat(bytes) !== format) throw new UnsupportedImageError();
    const keyPrefix = `${options.namespace}/${contentHash(bytes)}`;
    try {
      const metadata = await sharp(bytes, INPUT_OPTIONS).metadata();
      if (!decoderMatches(format, metadata)) throw new UnsupportedImageError();
      // Checked here from the header, before any pixel is decoded; limitInputPixels enforces
      // it again inside the decoder.
      if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
        throw new ImageTooLargeError("pixels");
      }
      const upright = metadata.autoOrient;
      const side = Math.min(upright.width, upright.height);
      const sourceWidth = options.cropToSquare ? side : upright.width;
      const sourceHeight = options.cropToSquare ? side : upright.height;
      const plan = planVariants(sourceWidth, options.widths);
      const largest = Math.max(...plan.map((variant) => variant.width));

      // One decode, straight to the largest size needed (JPEGs shrink while loading), into raw
      // sRGB pixels: nothing of the source's metadata survives this step.
      const base = await sharp(bytes, INPUT_OPTIONS)
        .autoOrient()
        .resize(
          options.cropToSquare
            ? { width: largest, height: largest, fit: "cover", position: "attention" }
            : { width: largest, withoutEnlargement: true },
        )
        .toColourspace("srgb")
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true });
      const raw = {
        raw: { width: base.info.width, height: base.info.height, channels: base.info.channels },
      };

      const variants: ImageVariant[] = [];
      for (const planned of plan) {
        const output = await sharp(base.data, raw)
          .resize(
            options.cropToSquare
              ? { width: planned.width, height: planned.width }
              : { width: planned.width, height: WEBP_MAX_SIDE, fit: "inside" },
          )
          .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
          .toBuffer({ resolveWithObject: true });
        variants.push({
          key: variantKey(keyPrefix, planned.displayWidth, planned.density),
          displayWidth: planned.displayWidth,
          density: planned.density,
          width: output.info.width,
          height: output.info.height,
          bytes: output.data,
        });
      }
      const placeholder = await dominantColour(base.data, raw);
      return { keyPrefix, format, width: sourceWidth, height: sourceHeight, placeholder, variants };
    } catch (error) {
      if (error instanceof ImageError) throw error;
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw new ImageTooLargeError("pixels");
      }
      throw new ImageDecodeError(error);
    }
  });
}

/** The first bytes of a file: enough for sniffImageFormat. */
async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** From a 32-pixel copy: libvips' histogram needs no more, and so small a copy is cheap. */
async function dominantColour(
  pixels: Buffer,
  raw: { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } },
): Promise<string> {
  const small = await sharp(pixels, raw).resize(32, 32, { fit: "inside" }).removeAlpha().toBuffer({
    resolveWithObject: true,
  });
  const { dominant } = await sharp(small.data, {
    raw: { width: small.info.width, height: small.info.height, channels: small.info.channels },
  }).stats();
  return `#${[dominant.r, dominant.g, dominant.b]
    .map((value) => Math.round(value).toString(16).padStart(2, "0"))
    .join("")}`;
}

/**
 * Every stored file of an image as `srcset` candidates by pixel width (`url 640w`), so with
 * `sizes` the browser picks among all of them, whichever display width they were made for.
 */
export function imageSrcSetByWidth(
  storage: Pick<ObjectStorage, "publicUrl">,
  image: { keyPrefix: string; width: number },
  widths: readonly number[],
): string {
  const byWidth = new Map<number, string>();
  for (const planned of planVariants(image.width, widths)) {
    if (byWidth.has(planned.width)) continue;
    byWidth.set(
      planned.width,
      storage.publicUrl(variantKey(image.keyPrefix, planned.displayWidth, planned.density)),
    );
  }
  return [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(", ");
}

export async function storeImage(storage: ObjectStorage, image: ProcessedImage): Promise<void> {
  await Promise.all(
    image.variants.map((variant) => storage.put(variant.key, variant.bytes, "image/webp")),
  );
}

const KEY_PREFIX_PATTERN = /^(avatars|photos)\/[0-9a-f]{32}$/;

/**
 * Deletes every file of an image. Keys are content hashes, so two members who upload the same file
 * share it: callers delete only when no other row still refers to `keyPrefix`.
 */
export async function deleteImage(storage: ObjectStorage, keyPrefix: string): Promise<void> {
  if (!KEY_PREFIX_PATTERN.test(keyPrefix)) throw new RangeError(`not an image key: ${keyPrefix}`);
  const keys = await storage.list(keyPrefix);
  if (keys.length > 0) await storage.delete(keys);
}
