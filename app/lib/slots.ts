/*
 * Things in progress counted per key (a member, a client address) and in all, each taking a slot
 * while it lasts: neither one key nor everyone together gets more than its share.
 */

export type SlotRefusal = "tooManyAtOnce" | "busy";

export interface Slot {
  /** Gives the slot back; a second call does nothing. */
  release(): void;
}

/** Slots of at most `perKey` for each key and `inAll` together. */
export function createSlots(perKey: number, inAll: number) {
  const byKey = new Map<string, number>();
  let active = 0;
  return {
    take(key: string): Slot | SlotRefusal {
      const own = byKey.get(key) ?? 0;
      if (own >= perKey) return "tooManyAtOnce";
      if (active >= inAll) return "busy";
      byKey.set(key, own + 1);
      active += 1;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          active -= 1;
          const left = (byKey.get(key) ?? 1) - 1;
          if (left > 0) byKey.set(key, left);
          else byKey.delete(key);
        },
      };
    },
    load: () => ({ active, keys: byKey.size }),
  };
}
