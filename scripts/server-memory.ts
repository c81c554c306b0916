// How `npm start` runs the server, and how the benchmarks measure it (ADR 20). Deployments that
// run `node server.ts` themselves pass the same:
// `MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=4 server.ts`.

/** V8's young generation, in MB per semi-space: the default lets start-up garbage pile up. */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];

/**
 * glibc keeps a malloc arena per thread, and libvips decodes photos on several threads. A fixed
 * mmap threshold keeps each large pixel buffer in its own mapping, returned to the system when
 * freed; glibc's default threshold climbs after the first free and then keeps them in the heap.
 */
export const SERVER_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
};
