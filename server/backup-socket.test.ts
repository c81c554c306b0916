import { mkdtempSync } from "node:fs";
import { stat, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../app/adapters/db.server";
import { createLogger } from "../app/adapters/logger.server";
import type { Config } from "../app/env.server";
import { verifyBackup } from "../app/services/backup.server";
import { backupSocketPath, startBackupSocket, type BackupSocket } from "./backup-socket";

const logger = createLogger("silent");

function embeddedSetup(storage: Config["storage"] | "disk" = "disk") {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "plukweide-socket-")), "data");
  const config = {
    dataDir,
    storage: storage === "disk" ? { driver: "disk", dir: path.join(dataDir, "uploads") } : storage,
  } as Config;
  return { dataDir, config };
}

const pglite = {
  kind: "pglite",
  dumpDataDir: async () => new Blob(["database pages"]),
} as unknown as DatabaseHandle;

/** Sends `request` on the socket and collects the whole answer. */
function ask(socketPath: string, request: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(socketPath, () => socket.write(request));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks)));
    socket.on("error", reject);
  });
}

describe("the backup socket", () => {
  let socket: BackupSocket | undefined;
  afterEach(async () => {
    await socket?.stop();
    socket = undefined;
  });

  it("answers a backup request with the archive, in a folder only the app's user can enter", async () => {
    const { dataDir, config } = embeddedSetup();
    socket = await startBackupSocket(config, pglite, logger);
    const socketPath = backupSocketPath(dataDir);
    expect((await stat(path.dirname(socketPath))).mode & 0o777).toBe(0o700);
    expect((await stat(socketPath)).mode & 0o777).toBe(0o600);

    const archive = await ask(socketPath, "backup\n");
    expect([...archive.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const file = path.join(dataDir, "..", "site.tar.gz");
    await writeFile(file, archive);
    const manifest = await verifyBackup(file);
    expect(manifest.files.map((entry) => entry.path)).toEqual(["db.tar"]);
  });

  it("answers anything else with an error line", async () => {
    const { dataDir, config } = embeddedSetup();
    socket = await startBackupSocket(config, pglite, logger);
    const answer = await ask(backupSocketPath(dataDir), "GET / HTTP/1.1\r\n\r\n");
    expect(answer.toString()).toBe("ERROR unknown request\n");
  });

  it("is not opened for PostgreSQL or S3, whose own tools make backups", async () => {
    const postgres = { kind: "postgres" } as unknown as DatabaseHandle;
    expect(await startBackupSocket(embeddedSetup().config, postgres, logger)).toBeUndefined();
    const s3 = embeddedSetup({
      driver: "s3",
      endpoint: undefined,
      bucket: "photos",
      region: "eu-west-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      publicUrl: undefined,
    });
    expect(await startBackupSocket(s3.config, pglite, logger)).toBeUndefined();
  });
});
