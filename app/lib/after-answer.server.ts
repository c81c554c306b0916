import { AsyncLocalStorage } from "node:async_hooks";

/*
 * Work a request starts but need not wait for (mail above all) runs once the request's response
 * is rendered, so that how long the answer took cannot tell whether it was done (ADR 58). The
 * root middleware (`mailAfterAnswerMiddleware`) opens the scope; outside one, the work runs a
 * macrotask later.
 */

type Task = () => unknown;

const scope = new AsyncLocalStorage<Task[]>();
/** Tasks started and not yet done, so that a stopping process can let them finish. */
const running = new Set<Promise<unknown>>();

function run(task: Task): void {
  const done = Promise.resolve()
    .then(task)
    .catch(() => {})
    .finally(() => running.delete(done));
  running.add(done);
}

/** Runs `task` after the current request's answer; it must catch its own errors. */
export function afterAnswer(task: Task): void {
  const tasks = scope.getStore();
  if (tasks) tasks.push(task);
  else setImmediate(() => run(task));
}

/** Resolves once every task left for after an answer, and any task those left, is done. */
export async function afterAnswersDone(): Promise<void> {
  // A task handed over a macrotask ago may not have started yet.
  await new Promise((resolve) => setImmediate(resolve));
  while (running.size > 0) {
    await Promise.all(running);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Runs `answer`, then (whether it succeeded or not) the tasks it left for after. */
export async function answering<T>(answer: () => Promise<T>): Promise<T> {
  const tasks: Array<() => void> = [];
  try {
    return await scope.run(tasks, answer);
  } finally {
    if (tasks.length > 0) {
      setImmediate(() => {
        for (const task of tasks) run(task);
      });
    }
  }
}
