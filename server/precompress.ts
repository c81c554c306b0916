import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|json|map|svg|txt|webmanifest)$/;

/** Writes `file`.br and `file`.gz at the best levels. */
async function compressBeside(file: string) {
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/** The text files under `dir` with no .br beside them yet. */
async function uncompressed(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const names = new Set(entries.map((entry) => path.join(entry.parentPath, entry.name)));
  return [...names].filter((file) => COMPRESSIBLE.test(file) && !names.has(`${file}.br`));
}

/**
 * Writes a .br and a .gz beside every text file of the client build, at the best levels, so the
 * server sends them as they are (server/static-files.ts). Only the client build is sent over the
 * wire; but React Router writes the route manifest into it while building the server (ADR 39),
 * so the server build's end compresses what the client build's left. ADR 24 says why this is not
 * a plugin from npm.
 */
export function precompressClientBuild(): Plugin {
  let clientDir: string | undefined;
  return {
    name: "plukweide:precompress-client-build",
    apply: "build",
    async writeBundle(options) {
      const dir = this.environment.name === "client" ? options.dir : clientDir;
      if (!dir) return;
      if (this.environment.name === "client") clientDir = dir;
      await Promise.all((await uncompressed(dir)).map(compressBeside));
    },
  };
}
