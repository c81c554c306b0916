import { Transform } from "node:stream";

/**
 * A pass-through that hands on, as one chunk, everything written to it in one turn of the event
 * loop. React writes a page in pieces of about 2 kB; each piece would otherwise be compressed,
 * copied through a web stream and written to the socket on its own. What comes later (a
 * suspended part of the page) still goes out as soon as it is written.
 */
export function createCoalescingStream(
  onEnd?: () => void,
  /** Rewrites the first chunk handed on: the page's shell, whose head is whole in it. */
  rewriteFirst?: (chunk: Buffer) => Buffer,
): Transform {
  let pending: Uint8Array[] = [];
  let scheduled = false;
  let rewrite = rewriteFirst;
  const pushPending = () => {
    const [only] = pending;
    if (only === undefined) return;
    const chunk = pending.length === 1 ? only : Buffer.concat(pending);
    pending = [];
    const rewriting = rewrite;
    rewrite = undefined;
    stream.push(
      rewriting ? rewriting(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)) : chunk,
    );
  };
  const stream = new Transform({
    transform(chunk: Uint8Array, _encoding, done) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (!stream.destroyed) pushPending();
        });
      }
      done();
    },
    flush(done) {
      onEnd?.();
      pushPending();
      done();
    },
  });
  return stream;
}
