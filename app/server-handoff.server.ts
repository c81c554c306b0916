import type { EntryContext } from "react-router";

/** A read of the handoff stream as React Router's `StreamTransfer` keeps it, already answered. */
type SettledRead = Promise<void> & { result: { done: boolean; value: string } };

/**
 * React Router sends the loaders' data to the browser (its turbo-stream, `serverHandoffStream`)
 * through `StreamTransfer`, a component that reads the stream one chunk at a time and suspends
 * until each read is answered; it keeps every read in `renderMeta.streamCache` under its number.
 * This reads the whole stream first, as one chunk followed by its end, and puts both reads in that
 * cache answered: the document then renders in one pass with nothing suspended (ADR 53), and
 * `StreamTransfer` writes the same scripts it would have written.
 */
export async function settleServerHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
  }
  text += decoder.decode();
  // `ServerRouter` takes a reader of its own; the read stream is closed, so it reads nothing.
  reader.releaseLock();
  const renderMeta = (context as { renderMeta?: { streamCache?: Record<number, SettledRead> } })
    .renderMeta;
  if (!renderMeta) throw new Error("React Router's entry context has no renderMeta");
  renderMeta.streamCache = {
    0: settledRead({ done: false, value: text }),
    1: settledRead({ done: true, value: "" }),
  };
}

function settledRead(result: SettledRead["result"]): SettledRead {
  return Object.assign(Promise.resolve(), { result });
}
