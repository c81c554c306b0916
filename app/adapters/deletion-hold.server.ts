import path from "node:path";

/*
 * A backup of the embedded setup copies the database first and the upload folder after it. A
 * photo deleted in between would leave the copied database with a row whose files were never
 * copied, so while a backup runs, this process's disk storage waits before it deletes (ADR 31).
 * Only one process writes an embedded setup's folders, so holding its own deletions is enough.
 */

const holds = new Map<string, { count: number; released: Promise<void>; release(): void }>();

/** Holds deletions below `dir` until the returned function is called. */
export function holdDeletions(dir: string): () => void {
  const root = path.resolve(dir);
  let hold = holds.get(root);
  if (!hold) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    hold = { count: 0, released, release };
    holds.set(root, hold);
  }
  hold.count += 1;
  const current = hold;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    current.count -= 1;
    if (current.count === 0) {
      holds.delete(root);
      current.release();
    }
  };
}

/** Resolves once no backup holds deletions below `dir`. */
export async function deletionsAllowed(dir: string): Promise<void> {
  const root = path.resolve(dir);
  for (let hold = holds.get(root); hold; hold = holds.get(root)) await hold.released;
}
