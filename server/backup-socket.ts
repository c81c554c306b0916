import { chmod, mkdir, readdir, rm } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import type { DatabaseHandle } from "../app/adapters/db.server";
import type { Logger } from "../app/adapters/logger.server";
import type { Config } from "../app/env.server";
import { packBackup, stageBackup } from "../app/services/backup.server";

/*
 * `npm run backup` asks the running app for the archive, as only the app may open the embedded
 * database (ADR 31). It asks on a Unix socket in a folder of DATA_DIR that only the app's user can
 * enter: nothing reaches it over the network, and no page or route leads to it.
 */

/** The request line; the answer is the gzipped archive, or one line starting with ERROR. */
export const BACKUP_REQUEST = "backup\n";
export const BACKUP_ERROR_PREFIX = "ERROR ";

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, "run", "backup.sock");
}

export interface BackupSocket {
  stop(): Promise<void>;
}

/**
 * Listens for backup requests when the app runs the embedded database and stores on disk; for
 * PostgreSQL and S3 the operator's own tools make backups (README, "Backups").
 */
export async function startBackupSocket(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
): Promise<BackupSocket | undefined> {
  const dumpDataDir = database.dumpDataDir;
  if (!dumpDataDir || config.storage.driver !== "disk") return undefined;
  const source = { dataDir: config.dataDir, uploadsDir: config.storage.dir, dumpDataDir };
  const socketPath = backupSocketPath(config.dataDir);
  const folder = path.dirname(socketPath);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  // Left by a process that stopped without closing: this process holds the database's lock now.
  await rm(socketPath, { force: true });
  await removeLeftoverStaging(config.dataDir);

  let running = false;
  const answer = async (socket: Socket) => {
    if (running) {
      socket.end(`${BACKUP_ERROR_PREFIX}a backup is already being made\n`);
      return;
    }
    running = true;
    const started = performance.now();
    try {
      const staged = await stageBackup(source).catch((error: unknown) => {
        logger.error({ err: error }, "backup failed");
        socket.end(`${BACKUP_ERROR_PREFIX}the backup failed: ${String(error)}\n`);
        return undefined;
      });
      if (!staged) return;
      try {
        await new Promise<void>((resolve) => {
          const archive = packBackup(staged);
          archive.on("error", (error) => {
            logger.error({ err: error }, "backup failed while sending");
            socket.destroy();
            resolve();
          });
          socket.on("close", () => resolve());
          archive.pipe(socket);
        });
      } finally {
        await staged.remove();
      }
      logger.info(
        {
          files: staged.manifest.files.length,
          dumpMs: staged.dumpMs,
          durationMs: Math.round(performance.now() - started),
        },
        "backup made",
      );
    } finally {
      running = false;
    }
  };

  const server: Server = createServer((socket) => {
    socket.on("error", () => socket.destroy());
    let request = "";
    socket.setEncoding("utf8");
    const onData = (chunk: string) => {
      request += chunk;
      if (!request.includes("\n") && request.length < BACKUP_REQUEST.length) return;
      socket.off("data", onData);
      if (request !== BACKUP_REQUEST) {
        socket.end(`${BACKUP_ERROR_PREFIX}unknown request\n`);
        return;
      }
      void answer(socket);
    };
    socket.on("data", onData);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
    await chmod(socketPath, 0o600);
  } catch (error) {
    // A DATA_DIR whose path is too long for a socket's name (107 bytes on Linux), for one.
    logger.warn(
      { err: error, socket: socketPath },
      "no backup socket: back up with the app stopped",
    );
    server.close();
    return undefined;
  }
  logger.info({ socket: socketPath }, "backups answered on a local socket");
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** Backups cut off by a stop leave their staging folder behind. */
async function removeLeftoverStaging(dataDir: string) {
  for (const entry of await readdir(dataDir).catch(() => [])) {
    if (entry.startsWith(".backup-")) {
      await rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
  }
}
