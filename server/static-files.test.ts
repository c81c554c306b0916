import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createStaticFiles } from "./static-files";

describe("createStaticFiles", () => {
  let server: Server | undefined;
  let root: string | undefined;
  afterEach(() => {
    server?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("survives a built file that is gone when asked for, and answers the next request", async () => {
    root = mkdtempSync(path.join(tmpdir(), "plukweide-static-"));
    mkdirSync(path.join(root, "assets"));
    writeFileSync(path.join(root, "assets", "gone.js"), "export const gone = true;\n");
    writeFileSync(path.join(root, "assets", "kept.js"), "export const kept = true;\n");
    const readErrors: string[] = [];
    const serveStaticFile = createStaticFiles(root, {
      onReadError: (error, url) =>
        readErrors.push(`${url}: ${(error as NodeJS.ErrnoException).code}`),
    });
    server = createServer((req, res) => {
      if (!serveStaticFile(req, res)) res.writeHead(404).end();
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // The file list is read at the start, as a build replaced in place would leave it.
    rmSync(path.join(root, "assets", "gone.js"));
    await expect(fetch(`${base}/assets/gone.js`).then((answer) => answer.text())).rejects.toThrow();
    expect(readErrors).toEqual(["/assets/gone.js: ENOENT"]);

    const kept = await fetch(`${base}/assets/kept.js`);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe("export const kept = true;\n");
    expect((await fetch(`${base}/nothing-here.js`)).status).toBe(404);
  });
});
