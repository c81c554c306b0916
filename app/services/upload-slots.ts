import { createSlots } from "~/lib/slots";

/*
 * Photo uploads in progress in this process, counted per member and in all. An upload takes a
 * slot before its body is read and gives it back when it is done, so neither one member nor
 * everyone together can have more bodies arriving, waiting on disk and being processed than
 * the process was sized for. A refused upload is answered at once, its body unread.
 */

/** One member's uploads at once: the page's upload sends two, a second tab one more. */
export const MAX_UPLOADS_PER_MEMBER_AT_ONCE = 3;
/** Uploads at once in one process, whoever sends them. */
export const MAX_UPLOADS_AT_ONCE = 16;
/** Seconds a refused upload is told to wait: about one upload's time. */
export const UPLOAD_SLOT_RETRY_SECONDS = 10;

// One set of slots per process, however many times the module is loaded.
const SLOTS = Symbol.for("plukweide.uploadSlots");
export const uploadSlots: ReturnType<typeof createSlots> = ((globalThis as Record<symbol, unknown>)[
  SLOTS
] ??= createSlots(MAX_UPLOADS_PER_MEMBER_AT_ONCE, MAX_UPLOADS_AT_ONCE)) as ReturnType<
  typeof createSlots
>;
