/**
 * What a resource route says of its answers in its `handle` export, read by the server before
 * the router (server/main.ts, ADR 40).
 */
export interface SharedAnswerHandle {
  /**
   * A 200 answer depends on the address and the Accept header alone, never on cookies or the
   * member: the page cache (PAGE_CACHE_SECONDS) may keep one copy for every client.
   */
  sharedAnswer: true;
  /** Each request counts against the open data API's limit, answered from a copy or not. */
  apiLimit?: true;
}

export function isSharedAnswerHandle(handle: unknown): handle is SharedAnswerHandle {
  return typeof handle === "object" && handle !== null && "sharedAnswer" in handle;
}
