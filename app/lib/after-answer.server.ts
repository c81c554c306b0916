import { AsyncLocalStorage } from "node:async_hooks";

/*
 * Work a request starts but need not wait for (mail above all) runs once the request's response
 * is rendered, so that how long the answer took cannot tell whether it was done (ADR 58). The
 * root middleware (`mailAfterAnswerMiddleware`) opens the scope; outside one, the work runs a
 * macrotask later.
 */

const scope = new AsyncLocalStorage<Array<() => void>>();

/** Runs `task` after the current request's answer; it must catch its own errors. */
export function afterAnswer(task: () => void): void {
  const tasks = scope.getStore();
  if (tasks) tasks.push(task);
  else setImmediate(task);
}

/** Runs `answer`, then (whether it succeeded or not) the tasks it left for after. */
export async function answering<T>(answer: () => Promise<T>): Promise<T> {
  const tasks: Array<() => void> = [];
  try {
    return await scope.run(tasks, answer);
  } finally {
    if (tasks.length > 0) {
      setImmediate(() => {
        for (const task of tasks) task();
      });
    }
  }
}
