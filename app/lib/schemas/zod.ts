import { z } from "zod";

// Zod would probe for eval to compile faster parsers; our Content-Security-Policy forbids eval,
// and even the probe is reported as a violation. Every schema imports z from here, so this runs
// before any schema is built.
z.config({ jitless: true });

export { z };
