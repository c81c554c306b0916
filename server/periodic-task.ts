export interface PeriodicTask {
  /** No more runs; resolves when a run under way has finished, so the database can close. */
  stop(): Promise<void>;
}

/**
 * Runs `task` once after `firstRunMs`, then every `everyMs`, never two runs at once, and without
 * keeping the process alive. The task reports its own outcome; a rejection is the caller's to log.
 */
export function startPeriodicTask(
  task: () => Promise<void>,
  { firstRunMs, everyMs }: { firstRunMs: number; everyMs: number },
): PeriodicTask {
  let stopped = false;
  let running: Promise<void> | undefined;
  let interval: NodeJS.Timeout | undefined;
  const run = () => {
    if (stopped || running) return;
    running = task().finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, everyMs);
    interval.unref();
  }, firstRunMs);
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(interval);
      await running;
    },
  };
}
