import { z } from "zod";

// Zod would probe for eval to compile faster parsers; our Content-Security-Policy forbids eval,
// and even the probe is reported as a violation. Every schema imports z from here, so this runs
// before any schema is built.
z.config({ jitless: true });

export { z };

/**
 * A schema built on its first use and kept: a module of several forms' schemas then builds only
 * those its page uses, where building them all cost a phone's start-up tens of milliseconds.
 */
export function lazySchema<Schema>(build: () => Schema): () => Schema {
  let schema: Schema | undefined;
  return () => (schema ??= build());
}
