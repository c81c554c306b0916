import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  avif,
  BLUE,
  gif,
  orientedJpegWithGps,
  png,
  readExifTags,
  RED,
  sixtyMegapixelPng,
  TEXT_NAMED_JPG,
  transparentPng,
  webp,
} from "../../tests/fixtures/images/generate";
import { createDiskStorage } from "~/adapters/storage.server";
import {
  createLimiter,
  deleteImage,
  ImageDecodeError,
  ImageTooLargeError,
  imageProcessingLoad,
  imageSources,
  MAX_IMAGE_BYTES,
  planVariants,
  processImage,
  sniffImageFormat,
  storeImage,
  UnsupportedImageError,
} from "./images.server";

async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset]!, g: data[offset + 1]!, b: data[offset + 2]! };
}

function close(actual: { r: number; g: number; b: number }, expected: typeof actual) {
  return (
    Math.abs(actual.r - expected.r) < 40 &&
    Math.abs(actual.g - expected.g) < 40 &&
    Math.abs(actual.b - expected.b) < 40
  );
}

describe("processImage", () => {
  it("turns the image upright by its EXIF orientation", async () => {
    const source = await orientedJpegWithGps();
    const before = await sharp(source).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([100, 50, 6]);

    const image = await processImage(source, { namespace: "photos", widths: [50] });

    expect([image.width, image.height]).toEqual([50, 100]);
    const [variant] = image.variants;
    const after = await sharp(variant!.bytes).metadata();
    expect([after.width, after.height]).toEqual([50, 100]);
    expect(after.orientation).toBeUndefined();
    // Orientation 6 shows the stored left edge on top: the red half.
    expect(close(await pixelAt(variant!.bytes, 25, 5), RED)).toBe(true);
    expect(close(await pixelAt(variant!.bytes, 25, 95), BLUE)).toBe(true);
  });

  it("removes EXIF (with GPS), XMP and ICC metadata from every output", async () => {
    const source = await orientedJpegWithGps();
    const before = await sharp(source).metadata();
    // The fixture really carries what must go.
    expect(readExifTags(before.exif!).gps.length).toBeGreaterThan(0);
    expect(before.xmpAsString).toContain("Secret Photographer");
    expect(before.hasProfile).toBe(true);

    for (const input of [source, await transparentPng(), await webp()]) {
      const image = await processImage(input, { namespace: "photos", widths: [16, 32] });
      for (const variant of image.variants) {
        const meta = await sharp(variant.bytes).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.hasProfile).toBe(false);
        expect(variant.bytes.includes("Secret Photographer")).toBe(false);
        expect(variant.bytes.includes("Plukweide Test Camera")).toBe(false);
      }
    }
  });

  it("writes WebP at 1x and 2x of each display width, keyed by namespace, hash and size", async () => {
    const image = await processImage(await png(1000, 500), {
      namespace: "photos",
      widths: [320, 160],
    });

    expect(image.keyPrefix).toMatch(/^photos\/[0-9a-f]{32}$/);
    expect(image.format).toBe("png");
    expect(
      image.variants.map(({ key, displayWidth, density, width, height }) => ({
        key: key.slice(image.keyPrefix.length),
        displayWidth,
        density,
        width,
        height,
      })),
    ).toEqual([
      { key: "/160w-1x.webp", displayWidth: 160, density: 1, width: 160, height: 80 },
      { key: "/160w-2x.webp", displayWidth: 160, density: 2, width: 320, height: 160 },
      { key: "/320w-1x.webp", displayWidth: 320, density: 1, width: 320, height: 160 },
      { key: "/320w-2x.webp", displayWidth: 320, density: 2, width: 640, height: 320 },
    ]);
    for (const variant of image.variants) {
      expect(variant.bytes.toString("latin1", 0, 4)).toBe("RIFF");
      expect(variant.bytes.toString("latin1", 8, 12)).toBe("WEBP");
      const meta = await sharp(variant.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        "webp",
        variant.width,
        variant.height,
      ]);
    }
  });

  it("never enlarges: a small source caps the 2x file or leaves it out", async () => {
    const image = await processImage(await png(300, 200), {
      namespace: "photos",
      widths: [200, 400],
    });
    expect(image.variants.map((v) => [v.displayWidth, v.density, v.width, v.height])).toEqual([
      [200, 1, 200, 133],
      [200, 2, 300, 200],
      [400, 1, 300, 200],
    ]);
  });

  it("crops avatars to a centred square", async () => {
    const image = await processImage(await png(300, 200), {
      namespace: "avatars",
      widths: [48, 96],
      cropToSquare: true,
    });
    expect(image.keyPrefix).toMatch(/^avatars\//);
    expect([image.width, image.height]).toEqual([200, 200]);
    expect(image.variants.map((v) => [v.key.split("/").at(-1), v.width, v.height])).toEqual([
      ["48w-1x.webp", 48, 48],
      ["48w-2x.webp", 96, 96],
      ["96w-1x.webp", 96, 96],
      ["96w-2x.webp", 192, 192],
    ]);
  });

  it("converts CMYK and 16-bit sources to 8-bit sRGB", async () => {
    const green = { r: 51, g: 170, b: 102 };
    const cmyk = await sharp({ create: { width: 40, height: 30, channels: 3, background: green } })
      .toColourspace("cmyk")
      .jpeg()
      .toBuffer();
    const deep = await sharp({ create: { width: 40, height: 30, channels: 3, background: green } })
      .toColourspace("rgb16")
      .png()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe("cmyk");
    expect((await sharp(deep).metadata()).depth).toBe("ushort");
    for (const bytes of [cmyk, deep]) {
      const image = await processImage(bytes, { namespace: "photos", widths: [20] });
      const meta = await sharp(image.variants[0]!.bytes).metadata();
      expect([meta.space, meta.depth]).toEqual(["srgb", "uchar"]);
      expect(close(await pixelAt(image.variants[0]!.bytes, 10, 10), green)).toBe(true);
    }
  });

  it("keeps transparency", async () => {
    const image = await processImage(await transparentPng(), { namespace: "photos", widths: [32] });
    const meta = await sharp(image.variants[0]!.bytes).metadata();
    expect(meta.hasAlpha).toBe(true);
  });

  it("accepts JPEG, PNG, WebP and AVIF by their content", async () => {
    const inputs = {
      jpeg: await orientedJpegWithGps(),
      png: await transparentPng(),
      webp: await webp(),
      avif: await avif(),
    };
    for (const [format, bytes] of Object.entries(inputs)) {
      expect(sniffImageFormat(bytes)).toBe(format);
      const image = await processImage(bytes, { namespace: "photos", widths: [24] });
      expect(image.format).toBe(format);
    }
  });

  it("rejects GIF, text named .jpg and empty files as unsupported", async () => {
    for (const bytes of [await gif(), TEXT_NAMED_JPG.bytes, Buffer.alloc(0)]) {
      await expect(processImage(bytes, { namespace: "photos", widths: [24] })).rejects.toThrow(
        UnsupportedImageError,
      );
    }
  });

  it("rejects a file that starts like an accepted format but is not one", async () => {
    // JPEG's signature in front of a GIF, and a PNG cut short after its header.
    const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), await gif()]);
    const truncated = (await png(400, 400)).subarray(0, 60);
    for (const bytes of [disguised, truncated]) {
      const error = await processImage(bytes, { namespace: "photos", widths: [24] }).catch(
        (caught: unknown) => caught,
      );
      expect(error instanceof UnsupportedImageError || error instanceof ImageDecodeError).toBe(
        true,
      );
    }
  });

  it("rejects files over 15 MB before looking at them", async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    (await png(10, 10)).copy(big);
    const error = await processImage(big, { namespace: "photos", widths: [24] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as ImageTooLargeError).limit).toBe("bytes");
    expect((error as ImageTooLargeError).reason).toBe("too-large");
  });

  it("rejects images over 50 megapixels", async () => {
    const error = await processImage(sixtyMegapixelPng(), {
      namespace: "photos",
      widths: [24],
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as ImageTooLargeError).limit).toBe("pixels");
  });

  it("accepts a photo taller than WebP allows, under the pixel limit, scaled to fit", async () => {
    // 1200x16500 is under 50 megapixels, but its full-width file would be taller than 16383.
    const tall = await sharp({
      create: { width: 1200, height: 16_500, channels: 3, background: { r: 40, g: 120, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const image = await processImage(tall, { namespace: "photos", widths: [320, 1280] });
    expect([image.width, image.height]).toEqual([1200, 16_500]);
    for (const variant of image.variants) {
      expect(variant.height).toBeLessThanOrEqual(16_383);
      const metadata = await sharp(variant.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        "webp",
        variant.width,
        variant.height,
      ]);
    }
    expect(image.variants.map((variant) => variant.width)).toEqual([320, 640, 1191]);
  });

  it("processes a file as it does the same bytes, and checks its size and format first", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "plukweide-image-file-"));
    try {
      const bytes = await png(40, 30);
      const file = path.join(dir, "upload");
      await writeFile(file, bytes);
      const fromFile = await processImage({ path: file }, { namespace: "photos", widths: [20] });
      const fromBytes = await processImage(bytes, { namespace: "photos", widths: [20] });
      expect(fromFile.keyPrefix).toBe(fromBytes.keyPrefix);
      expect(fromFile.variants[0]!.bytes.equals(fromBytes.variants[0]!.bytes)).toBe(true);

      await writeFile(file, "not an image at all");
      await expect(
        processImage({ path: file }, { namespace: "photos", widths: [20] }),
      ).rejects.toThrow(UnsupportedImageError);
      await writeFile(file, Buffer.alloc(MAX_IMAGE_BYTES + 1));
      await expect(
        processImage({ path: file }, { namespace: "photos", widths: [20] }),
      ).rejects.toThrow(ImageTooLargeError);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives the same key to the same bytes, and a different key to different bytes", async () => {
    const bytes = await png(40, 30);
    const first = await processImage(bytes, { namespace: "photos", widths: [20] });
    const second = await processImage(Buffer.from(bytes), { namespace: "photos", widths: [20] });
    const other = await processImage(await png(41, 30), { namespace: "photos", widths: [20] });
    expect(second.keyPrefix).toBe(first.keyPrefix);
    expect(second.variants[0]!.bytes.equals(first.variants[0]!.bytes)).toBe(true);
    expect(other.keyPrefix).not.toBe(first.keyPrefix);
  });

  it("refuses display widths that are not positive integers", async () => {
    const bytes = await png(40, 30);
    for (const widths of [[], [0], [12.5], [-1], [100_000]]) {
      await expect(processImage(bytes, { namespace: "photos", widths })).rejects.toThrow(
        RangeError,
      );
    }
  });

  it("runs at most two jobs at once and queues the rest", async () => {
    const bytes = await png(400, 300);
    const jobs = Array.from({ length: 5 }, () =>
      processImage(bytes, { namespace: "photos", widths: [100] }),
    );
    expect(imageProcessingLoad()).toEqual({ active: 2, waiting: 3 });
    await Promise.all(jobs);
    expect(imageProcessingLoad()).toEqual({ active: 0, waiting: 0 });
  });
});

describe("createLimiter", () => {
  it("never runs more than its slots, and frees a slot when a job fails", async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let most = 0;
    const job = (fail: boolean) =>
      limiter.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (fail) throw new Error("boom");
        return "done";
      });
    const results = await Promise.allSettled([true, false, true, false, false, false].map(job));
    expect(most).toBe(2);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(4);
    expect(limiter.load()).toEqual({ active: 0, waiting: 0 });
  });
});

describe("planVariants and imageSources", () => {
  it("plans 1x and 2x, capped at the source width", () => {
    expect(planVariants(1000, [400])).toEqual([
      { displayWidth: 400, density: 1, width: 400 },
      { displayWidth: 400, density: 2, width: 800 },
    ]);
    expect(planVariants(600, [400])[1]).toEqual({ displayWidth: 400, density: 2, width: 600 });
    expect(planVariants(400, [400])).toHaveLength(1);
  });

  it("builds src and srcset from the stored key prefix and width", () => {
    const storage = { publicUrl: (key: string) => `/images/${key}` };
    expect(imageSources(storage, { keyPrefix: "avatars/abc", width: 500 }, 96)).toEqual({
      src: "/images/avatars/abc/96w-1x.webp",
      srcSet: "/images/avatars/abc/96w-1x.webp 1x, /images/avatars/abc/96w-2x.webp 2x",
    });
    expect(imageSources(storage, { keyPrefix: "avatars/abc", width: 90 }, 96).srcSet).toBe(
      "/images/avatars/abc/96w-1x.webp 1x",
    );
  });
});

describe("storeImage and deleteImage", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "plukweide-images-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("stores every variant as WebP and deletes them all by key prefix", async () => {
    const storage = createDiskStorage(dir);
    const keep = await processImage(await png(200, 100), { namespace: "photos", widths: [50] });
    const image = await processImage(await png(300, 100), {
      namespace: "photos",
      widths: [50, 100],
    });
    await storeImage(storage, keep);
    await storeImage(storage, image);

    expect(await storage.list(image.keyPrefix)).toEqual(
      image.variants.map((variant) => variant.key).sort(),
    );
    const stored = await storage.get(image.variants[0]!.key);
    expect(stored?.contentType).toBe("image/webp");
    expect(stored?.size).toBe(image.variants[0]!.bytes.length);
    if (stored && !Buffer.isBuffer(stored.body)) stored.body.destroy();

    await deleteImage(storage, image.keyPrefix);
    expect(await storage.list(image.keyPrefix)).toEqual([]);
    expect(await storage.get(image.variants[0]!.key)).toBeUndefined();
    expect(await storage.list(keep.keyPrefix)).toHaveLength(keep.variants.length);
  });

  it("refuses to delete anything but an image key prefix", async () => {
    const storage = createDiskStorage(dir);
    for (const prefix of ["", "photos", "photos/", "../photos/0123", "photos/xyz"]) {
      await expect(deleteImage(storage, prefix)).rejects.toThrow(RangeError);
    }
  });
});
