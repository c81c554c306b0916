import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import {
  chmod,
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import { holdDeletions } from "~/adapters/deletion-hold.server";

/*
 * One archive of an embedded setup (ADR 31): a gzipped tar holding
 *   manifest.json  what the archive holds, with every file's size and SHA-256
 *   db.tar         PGlite's own dump of its data directory
 *   uploads/…      the disk storage's files, keys as paths
 *   auth-secret    the generated session secret, when the setup has one
 */

export const ARCHIVE_FORMAT = "plukweide-backup";
export const ARCHIVE_VERSION = 1;
const MANIFEST = "manifest.json";
const DATABASE_DUMP = "db.tar";
const UPLOADS = "uploads";
const AUTH_SECRET = "auth-secret";

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  createdAt: string;
  database: { engine: "pglite"; file: typeof DATABASE_DUMP };
  /** Whether the archive holds the generated session secret (absent when AUTH_SECRET is set). */
  authSecret: boolean;
  files: BackupFile[];
}

export interface BackupFile {
  path: string;
  size: number;
  sha256: string;
}

export class BackupError extends Error {
  override name = "BackupError";
}

/** What a backup is made of, wherever it is made: in the running app or by the script. */
export interface BackupSource {
  dataDir: string;
  uploadsDir: string;
  /** The database's data directory as a tar, taken between two queries. */
  dumpDataDir(): Promise<Blob>;
}

/** The folder a backup is assembled in, inside DATA_DIR so uploads can be hard-linked into it. */
export interface StagedBackup {
  dir: string;
  manifest: BackupManifest;
  /** How long the database's dump took: the time queries waited. */
  dumpMs: number;
  remove(): Promise<void>;
}

/**
 * Assembles a backup: the database first, then the uploads, while the disk storage holds its
 * deletions. Every photo row the dump holds was committed after its files were written, and none
 * of those files can go before they are linked here, so no restored row misses its files.
 */
export async function stageBackup(source: BackupSource): Promise<StagedBackup> {
  await mkdir(source.dataDir, { recursive: true });
  const dir = await mkdtemp(path.join(source.dataDir, ".backup-"));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const release = holdDeletions(source.uploadsDir);
    let dumpMs: number;
    try {
      const dumpStarted = performance.now();
      const dump = await source.dumpDataDir();
      dumpMs = Math.round(performance.now() - dumpStarted);
      await writeFile(path.join(dir, DATABASE_DUMP), new Uint8Array(await dump.arrayBuffer()));
      await linkTree(source.uploadsDir, path.join(dir, UPLOADS));
    } finally {
      release();
    }
    const hasSecret = await copyIfPresent(
      path.join(source.dataDir, AUTH_SECRET),
      path.join(dir, AUTH_SECRET),
    );
    const files: BackupFile[] = [];
    for (const relative of await listFiles(dir)) {
      const file = path.join(dir, relative);
      files.push({ path: relative, size: (await stat(file)).size, sha256: await sha256Of(file) });
    }
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      database: { engine: "pglite", file: DATABASE_DUMP },
      authSecret: hasSecret,
      files,
    };
    await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return { dir, manifest, dumpMs, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** The staged backup as a gzipped tar stream, the manifest first. */
export function packBackup(staged: StagedBackup): tar.Pack {
  const entries = [MANIFEST, ...staged.manifest.files.map((file) => file.path)];
  return tar.create({ gzip: true, cwd: staged.dir, portable: true, noDirRecurse: true }, entries);
}

/** Writes the archive of `source` to `file`, readable by its owner only. */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupManifest> {
  const staged = await stageBackup(source);
  try {
    await pipeline(packBackup(staged), createWriteStream(file, { mode: 0o600 }));
    return staged.manifest;
  } finally {
    await staged.remove();
  }
}

/**
 * Reads an archive through and checks it against its manifest: every file listed, of its size
 * and checksum, and nothing else. Returns the manifest.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const sums = new Map<string, { size: number; sha256: string }>();
  let manifestText = "";
  const reading: Promise<void>[] = [];
  await tar.list({
    file,
    onReadEntry(entry) {
      if (entry.type !== "File") return;
      const hash = createHash("sha256");
      let size = 0;
      const chunks: Buffer[] = [];
      const name = entry.path;
      reading.push(
        new Promise<void>((resolve, reject) => {
          entry.on("data", (chunk: Buffer) => {
            hash.update(chunk);
            size += chunk.length;
            if (name === MANIFEST) chunks.push(chunk);
          });
          entry.on("end", () => {
            if (name === MANIFEST) manifestText = Buffer.concat(chunks).toString("utf8");
            else sums.set(name, { size, sha256: hash.digest("hex") });
            resolve();
          });
          entry.on("error", reject);
        }),
      );
    },
  });
  await Promise.all(reading);
  const manifest = parseManifest(manifestText);
  for (const listed of manifest.files) {
    const found = sums.get(listed.path);
    if (!found) throw new BackupError(`the archive lacks ${listed.path}`);
    if (found.size !== listed.size || found.sha256 !== listed.sha256) {
      throw new BackupError(`${listed.path} in the archive does not match its checksum`);
    }
    sums.delete(listed.path);
  }
  const extra = [...sums.keys()][0];
  if (extra !== undefined)
    throw new BackupError(`the archive holds ${extra}, which it does not list`);
  return manifest;
}

function parseManifest(text: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupError("not a Plukweide backup: the archive has no readable manifest.json");
  }
  if (manifest.format !== ARCHIVE_FORMAT || !Array.isArray(manifest.files)) {
    throw new BackupError("not a Plukweide backup: its manifest.json is of another format");
  }
  if (manifest.version !== ARCHIVE_VERSION) {
    throw new BackupError(
      `the archive is of format version ${String(manifest.version)}; this version reads ${ARCHIVE_VERSION}`,
    );
  }
  return manifest as BackupManifest;
}

/**
 * Brings an archive back into `dataDir`, which must be empty or absent: the database is loaded
 * from its dump by `loadDatabase` (which opens PGlite on it once, so a dump that does not open
 * fails the restore), and the uploads and the session secret are put in place.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  loadDatabase: (databaseDir: string, dump: Blob) => Promise<void>,
): Promise<BackupManifest> {
  const existing = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (existing.length > 0) {
    throw new BackupError(
      `${dataDir} is not empty; restore into an empty or new directory (set DATA_DIR)`,
    );
  }
  const manifest = await verifyBackup(file);
  await mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${randomBytes(6).toString("hex")}`);
  try {
    await mkdir(staging);
    await tar.extract({ file, cwd: staging, strict: true, preservePaths: false });
    const dump = await readFile(path.join(staging, DATABASE_DUMP));
    await loadDatabase(path.join(dataDir, "db"), new Blob([new Uint8Array(dump)]));
    const uploads = path.join(staging, UPLOADS);
    if (await exists(uploads)) await rename(uploads, path.join(dataDir, UPLOADS));
    if (manifest.authSecret) {
      await rename(path.join(staging, AUTH_SECRET), path.join(dataDir, AUTH_SECRET));
      await chmod(path.join(dataDir, AUTH_SECRET), 0o600);
    }
    await rm(staging, { recursive: true, force: true });
    return manifest;
  } catch (error) {
    // Back to the empty directory the restore found, so it can be tried again.
    for (const entry of await readdir(dataDir)) {
      await rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
    throw error;
  }
}

/** Hard-links every file below `from` into `to` (copies across file systems); skips hidden names. */
async function linkTree(from: string, to: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    // The disk storage writes hidden temporary files and renames them into place.
    if (entry.name.startsWith(".")) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile()) {
      try {
        await link(source, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") continue;
        if (code !== "EXDEV" && code !== "EPERM") throw error;
        await copyFile(source, target);
      }
    }
  }
}

async function copyIfPresent(from: string, to: string): Promise<boolean> {
  try {
    await copyFile(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** Files below `dir`, as paths relative to it with `/` between segments, sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    )
    .sort();
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
