/**
 * The stages a request meets, in order, as docs/architecture.md ("A request, from socket to
 * answer") names them: first those of the `createServer` callback in server/main.ts, then those
 * of its `handle`. Vite's development middleware is left out: it runs only in `npm run dev`.
 * main.ts keeps this order; a stage added or moved there is added or moved here and in the guide,
 * and pipeline.test.ts checks that the guide's tables still match.
 */
export const REQUEST_STAGES = [
  // For every request (the createServer callback):
  "drain",
  "request id",
  "request log",
  "on close",
  "security headers",
  // In handle:
  "request guard",
  "origin check",
  "own paths",
  "static files",
  "body arrival",
  "request turns",
  "images",
  "route methods",
  "page cache",
  "compression",
  "React Router",
  "outage answer",
  "page cache (keep)",
  "send",
] as const;

export type RequestStage = (typeof REQUEST_STAGES)[number];
