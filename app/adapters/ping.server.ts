/**
 * Whether `query` answers within `timeoutMs`: false when it fails, takes longer, or the
 * connection is closed (`isClosed`). For /healthz, which must answer even when a store hangs.
 */
export async function pingWith(
  query: () => Promise<unknown>,
  timeoutMs = 2_000,
  isClosed: () => boolean,
): Promise<boolean> {
  if (isClosed()) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
