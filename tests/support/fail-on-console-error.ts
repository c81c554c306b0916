// Vitest setup file: a console.error during a test fails it (STYLE.md), React's warnings included.
// A test that expects an error spies on console.error itself and asserts the call, which keeps
// the call from reaching this recorder.
import { afterAll, afterEach } from "vitest";

const calls: unknown[][] = [];
const original = console.error.bind(console);

console.error = (...args: unknown[]) => {
  calls.push(args);
  original(...args);
};

function describeCall(args: unknown[]): string {
  return args
    .map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg)))
    .join(" ");
}

function failOnRecordedCalls(when: string) {
  if (calls.length === 0) return;
  const lines = calls.splice(0).map(describeCall);
  throw new Error(`console.error was called ${when}:\n${lines.join("\n")}`);
}

afterEach(() => failOnRecordedCalls("during the test"));
afterAll(() => {
  // Files that share a worker's modules (the unit project) run this file again each: the next
  // one records with a recorder of its own.
  console.error = original;
  failOnRecordedCalls("outside a test of this file");
});
