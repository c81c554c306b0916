import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|json|map|svg|txt|webmanifest)$/;

/**
 * Writes a .br and a .gz beside every text file of the client build, at the best levels, so the
 * server sends them as they are (server/static-files.ts). Only the client build: the server
 * bundle is never sent over the wire. ADR 24 says why this is not a plugin from npm.
 */
export function precompressClientBuild(): Plugin {
  return {
    name: "plukweide:precompress-client-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      const files = await readdir(options.dir, { recursive: true, withFileTypes: true });
      await Promise.all(
        files
          .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
          .map(async (entry) => {
            const file = path.join(entry.parentPath, entry.name);
            const bytes = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
              gzipAsync(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
