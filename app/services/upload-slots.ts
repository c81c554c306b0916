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

export type UploadSlotRefusal = "tooManyAtOnce" | "busy";

export interface UploadSlot {
  /** Gives the slot back; a second call does nothing. */
  release(): void;
}

export function createUploadSlots(perMember: number, inAll: number) {
  const byMember = new Map<string, number>();
  let active = 0;
  return {
    take(memberId: string): UploadSlot | UploadSlotRefusal {
      const own = byMember.get(memberId) ?? 0;
      if (own >= perMember) return "tooManyAtOnce";
      if (active >= inAll) return "busy";
      byMember.set(memberId, own + 1);
      active += 1;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          active -= 1;
          const left = (byMember.get(memberId) ?? 1) - 1;
          if (left > 0) byMember.set(memberId, left);
          else byMember.delete(memberId);
        },
      };
    },
    load: () => ({ active, members: byMember.size }),
  };
}

// One set of slots per process, however many times the module is loaded.
const SLOTS = Symbol.for("plukweide.uploadSlots");
export const uploadSlots: ReturnType<typeof createUploadSlots> = ((
  globalThis as Record<symbol, unknown>
)[SLOTS] ??= createUploadSlots(MAX_UPLOADS_PER_MEMBER_AT_ONCE, MAX_UPLOADS_AT_ONCE)) as ReturnType<
  typeof createUploadSlots
>;
