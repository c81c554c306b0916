/**
 * A map that remembers answers worked out before, up to `limit` of them: when it is full it
 * forgets them all, which is cheaper than tracking which was used last and, for answers that
 * cost microseconds, as good.
 */
export class Kept<K, V> {
  private readonly answers = new Map<K, V>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** The answer kept for `key`, else `make()`'s, kept unless `keep` says no. */
  get(key: K, make: () => V, keep: (answer: V) => boolean = () => true): V {
    if (this.answers.has(key)) return this.answers.get(key) as V;
    const answer = make();
    if (keep(answer)) {
      if (this.answers.size >= this.limit) this.answers.clear();
      this.answers.set(key, answer);
    }
    return answer;
  }
}
