import { runInNewContext } from "node:vm";

/**
 * Runs a page's inline script as the browser would, with what it needs from `window`, and
 * returns the sources of the workers it started; `startedAtOnce` counts those started before the
 * script's own task ended, the rest waited for a task of their own.
 */
export function startedWorkers(
  script: string,
  { workersAllowed = true } = {},
): { sources: string[]; startedAtOnce: number } {
  const sources: string[] = [];
  const blobs = new Map<string, string>();
  const tasks: Array<() => void> = [];
  runInNewContext(script, {
    setTimeout: (task: () => void) => tasks.push(task),
    Blob: class {
      readonly parts: string[];
      constructor(parts: string[]) {
        this.parts = parts;
      }
    },
    URL: {
      createObjectURL(blob: { parts: string[] }) {
        const url = `blob:${blobs.size}`;
        blobs.set(url, blob.parts.join(""));
        return url;
      },
    },
    Worker: function Worker(url: string) {
      if (!workersAllowed) throw new Error("SecurityError: workers are not allowed here");
      sources.push(blobs.get(url) ?? "");
    },
  });
  const startedAtOnce = sources.length;
  for (const task of tasks) task();
  return { sources, startedAtOnce };
}

/**
 * Runs a worker's source in a global scope of its own, as a worker has, with `Intl` as given
 * (else Node's). Returns whether the worker closed itself; a mistake in it throws.
 */
export function runWorker(source: string, intl: object = Intl): { closed: boolean } {
  let closed = false;
  runInNewContext(source, {
    Intl: intl,
    close: () => {
      closed = true;
    },
  });
  return { closed };
}
