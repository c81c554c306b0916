// Asks the running app for a backup on its local socket (server/backup-socket.ts) and writes the
// archive it answers with to a file.
import { createWriteStream } from "node:fs";
import { connect } from "node:net";
import { BACKUP_ERROR_PREFIX, BACKUP_REQUEST, backupSocketPath } from "../server/backup-socket.ts";

export class NoBackupSocketError extends Error {
  override name = "NoBackupSocketError";
  readonly socketPath: string;
  constructor(socketPath: string) {
    super(`no app answers on ${socketPath}`);
    this.socketPath = socketPath;
  }
}

export async function receiveBackup(dataDir: string, file: string): Promise<void> {
  const socketPath = backupSocketPath(dataDir);
  const socket = connect(socketPath);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => {
      socket.off("error", reject);
      resolve();
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      const gone = error.code === "ENOENT" || error.code === "ECONNREFUSED";
      reject(gone ? new NoBackupSocketError(socketPath) : error);
    });
  });
  socket.write(BACKUP_REQUEST);
  const out = createWriteStream(file, { mode: 0o600 });
  let first = true;
  let errorText: string | undefined;
  await new Promise<void>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      if (first) {
        first = false;
        if (chunk.subarray(0, BACKUP_ERROR_PREFIX.length).toString() === BACKUP_ERROR_PREFIX) {
          errorText = "";
        }
      }
      if (errorText !== undefined) errorText += chunk.toString("utf8");
      else if (!out.write(chunk)) {
        socket.pause();
        out.once("drain", () => socket.resume());
      }
    });
    socket.on("error", reject);
    socket.on("end", () => resolve());
  });
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  if (errorText !== undefined) {
    throw new Error(`the app answered: ${errorText.slice(BACKUP_ERROR_PREFIX.length).trim()}`);
  }
}
