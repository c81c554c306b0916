/**
 * GET with retries: up to `attempts` tries on network errors and 5xx answers, waiting longer each
 * time. Requests with a body are never retried (they may not be safe to repeat), so this takes
 * no method.
 */
export async function getWithRetry(
  url: string,
  {
    attempts = 3,
    baseDelayMs = 500,
    init,
  }: { attempts?: number; baseDelayMs?: number; init?: Omit<RequestInit, "method" | "body"> } = {},
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(url, { ...init, method: "GET" });
      if (response.status < 500 || attempt === attempts) return response;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      lastError = error;
    }
    if (attempt < attempts) {
      await new Promise((resolve) => setTimeout(resolve, baseDelayMs * 2 ** (attempt - 1)));
    }
  }
  throw lastError;
}
