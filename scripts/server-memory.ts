// How `npm start` runs the server, and how the benchmarks measure it (ADR 20). Deployments that
// run `node server.ts` themselves pass the same:
// `MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=16 server.ts`.

/**
 * V8's young generation, in MB per semi-space: V8's default lets start-up garbage pile up, and a
 * much smaller one makes pages spend their CPU collecting garbage (ADR 20).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"];

/**
 * glibc keeps a malloc arena per thread, and libvips decodes photos on several threads. A fixed
 * mmap threshold keeps each large pixel buffer in its own mapping, returned to the system when
 * freed; glibc's default threshold climbs after the first free and then keeps them in the heap.
 */
export const SERVER_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
};
