/*
 * The list's cursor: where the next page starts, as the last meadow's creation time (in
 * microseconds since 1970, the database's own precision: a millisecond would let two meadows of
 * one millisecond repeat or go missing) and its id. Opaque to clients: base64url of "v1.<us>.<id>".
 */

export interface ListCursor {
  /** Microseconds since 1970, as decimal digits (more than a double holds exactly). */
  createdUs: string;
  id: string;
}

export class InvalidCursorError extends Error {
  override name = "InvalidCursorError";
}

const VERSION = "v1";

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(`${VERSION}.${cursor.createdUs}.${cursor.id}`, "utf8").toString("base64url");
}

/** The cursor in `text`; throws InvalidCursorError for anything this server did not make. */
export function decodeCursor(text: string): ListCursor {
  const match = /^v1\.(-?\d{1,20})\.([0-9A-Za-z_-]{1,64})$/.exec(
    Buffer.from(text, "base64url").toString("utf8"),
  );
  if (!match?.[1] || !match[2]) throw new InvalidCursorError("not a cursor of this API");
  return { createdUs: match[1], id: match[2] };
}
