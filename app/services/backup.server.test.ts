import { mkdtempSync } from "node:fs";
import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { createDiskStorage } from "~/adapters/storage.server";
import {
  BackupError,
  restoreBackup,
  stageBackup,
  verifyBackup,
  writeBackup,
} from "./backup.server";

/* The archive of an embedded setup, with a stand-in for the database's dump. */

function setup() {
  const root = mkdtempSync(path.join(tmpdir(), "plukweide-backup-"));
  const dataDir = path.join(root, "data");
  const uploadsDir = path.join(dataDir, "uploads");
  return { root, dataDir, uploadsDir, storage: createDiskStorage(uploadsDir) };
}

const dump =
  (text = "database pages") =>
  async () =>
    new Blob([text]);

describe("backups", () => {
  it("keeps a photo's files that are deleted while the database is being dumped", async () => {
    const { dataDir, uploadsDir, storage } = setup();
    await storage.put("photos/aa/320w-1x.webp", Buffer.from("webp bytes"), "image/webp");
    let deletion: Promise<void> | undefined;
    const staged = await stageBackup({
      dataDir,
      uploadsDir,
      // The row went just before the dump; its files go while the dump is taken.
      async dumpDataDir() {
        deletion = storage.delete(["photos/aa/320w-1x.webp"]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return new Blob(["pages that still hold the row"]);
      },
    });
    const copied = await readFile(path.join(staged.dir, "uploads/photos/aa/320w-1x.webp"), "utf8");
    expect(copied).toBe("webp bytes");
    // Once the files are in the backup, the deletion goes ahead.
    await deletion;
    expect(await storage.get("photos/aa/320w-1x.webp")).toBeUndefined();
    await staged.remove();
  });

  it("restores the database, the uploads with their times, and the session secret", async () => {
    const { root, dataDir, uploadsDir, storage } = setup();
    await storage.put("photos/bb/320w-1x.webp", Buffer.from("small"), "image/webp");
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, "auth-secret"), "s".repeat(43) + "\n", { mode: 0o600 });
    await writeFile(path.join(uploadsDir, "photos/bb/.320w-1x.webp.abc.tmp"), "half written");
    const archive = path.join(root, "site.tar.gz");
    const manifest = await writeBackup({ dataDir, uploadsDir, dumpDataDir: dump() }, archive);
    expect(manifest.files.map((file) => file.path)).toEqual([
      "auth-secret",
      "db.tar",
      "uploads/photos/bb/320w-1x.webp",
    ]);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect(await readdir(dataDir)).not.toContainEqual(expect.stringMatching(/^\.backup-/));

    const target = path.join(root, "restored");
    let loaded = "";
    await restoreBackup(archive, target, async (dir, blob) => {
      expect(dir).toBe(path.join(target, "db"));
      loaded = await blob.text();
    });
    expect(loaded).toBe("database pages");
    expect(await readFile(path.join(target, "uploads/photos/bb/320w-1x.webp"), "utf8")).toBe(
      "small",
    );
    const original = await stat(path.join(uploadsDir, "photos/bb/320w-1x.webp"));
    const copy = await stat(path.join(target, "uploads/photos/bb/320w-1x.webp"));
    expect(Math.floor(copy.mtimeMs / 1000)).toBe(Math.floor(original.mtimeMs / 1000));
    expect((await stat(path.join(target, "auth-secret"))).mode & 0o777).toBe(0o600);
    expect(await readdir(target)).toEqual(["auth-secret", "uploads"]);
  });

  it("refuses a directory that is not empty, and leaves it as it was", async () => {
    const { root, dataDir, uploadsDir } = setup();
    const archive = path.join(root, "site.tar.gz");
    await writeBackup({ dataDir, uploadsDir, dumpDataDir: dump() }, archive);
    const target = path.join(root, "busy");
    await mkdir(target);
    await writeFile(path.join(target, "notes.txt"), "mine");
    await expect(restoreBackup(archive, target, async () => {})).rejects.toThrow(
      new BackupError(
        `${target} is not empty; restore into an empty or new directory (set DATA_DIR)`,
      ),
    );
    expect(await readdir(target)).toEqual(["notes.txt"]);
  });

  it("refuses an archive whose files do not match their checksums, restoring nothing", async () => {
    const { root, dataDir, uploadsDir } = setup();
    const archive = path.join(root, "site.tar.gz");
    await writeBackup({ dataDir, uploadsDir, dumpDataDir: dump() }, archive);
    const unpacked = path.join(root, "unpacked");
    await mkdir(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    await writeFile(path.join(unpacked, "db.tar"), "other pages");
    const tampered = path.join(root, "tampered.tar.gz");
    await tar.create({ file: tampered, gzip: true, cwd: unpacked }, ["manifest.json", "db.tar"]);
    await expect(verifyBackup(tampered)).rejects.toThrow(
      "db.tar in the archive does not match its checksum",
    );
    const target = path.join(root, "restored");
    await expect(restoreBackup(tampered, target, async () => {})).rejects.toThrow(BackupError);
    expect(await readdir(target).catch(() => [])).toEqual([]);
  });

  it("refuses an archive that is not a backup", async () => {
    const { root } = setup();
    const other = path.join(root, "other");
    await mkdir(other);
    await writeFile(path.join(other, "readme.txt"), "hello");
    const archive = path.join(root, "other.tar.gz");
    await tar.create({ file: archive, gzip: true, cwd: other }, ["readme.txt"]);
    await expect(verifyBackup(archive)).rejects.toThrow(
      "not a Plukweide backup: the archive has no readable manifest.json",
    );
  });
});
