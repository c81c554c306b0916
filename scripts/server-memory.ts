// How `npm start` runs the server, and how the benchmarks measure it (ADR 20). Deployments that
// run `node server.ts` themselves pass the same: `MALLOC_ARENA_MAX=2 node --max-semi-space-size=4 server.ts`.

/** V8's young generation, in MB per semi-space: the default lets start-up garbage pile up. */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];

/** glibc keeps a malloc arena per thread; libvips decodes photos on several threads. */
export const SERVER_ENV: Record<string, string> = { MALLOC_ARENA_MAX: "2" };
