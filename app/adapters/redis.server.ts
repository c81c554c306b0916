import type { Logger } from "./logger.server";
import { pingWith } from "./ping.server";

/**
 * The Redis connection when REDIS_URL is set: rate limits shared by every app process
 * (createRedisLimits). Commands fail at once while the connection is down instead of waiting in
 * a queue, so a request is not held up by it, and /healthz says so until it is back.
 */
export interface RedisHandle {
  client: RedisCommands;
  /** Answers whether Redis responds within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The few commands the app uses; node-redis's client has them. */
export interface RedisCommands {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  del(key: string): Promise<unknown>;
  ping(): Promise<unknown>;
}

const CONNECT_TIMEOUT_MS = 5_000;
/** How long a starting app waits for Redis before it gives up (and says why, in one line). */
const START_TIMEOUT_MS = 3_000;

/** The URL without its password, for messages. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.href;
  } catch {
    return "REDIS_URL";
  }
}

export async function openRedis(url: string, logger?: Logger): Promise<RedisHandle> {
  // Loaded only when used, like PGlite: most sites run without Redis.
  const { createClient } = await import("redis");
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Reconnects after 0.1 s, 0.2 s, … up to 2 s between tries, for as long as it takes.
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000),
    },
  });
  // node-redis emits connection errors; without a listener they would end the process.
  let lastError = "";
  client.on("error", (error: Error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    logger?.error({ err: error }, "redis connection error");
  });
  client.on("ready", () => {
    if (lastError) logger?.info("redis connection restored");
    lastError = "";
  });
  // connect() keeps retrying (reconnectStrategy) and would wait for ever on a wrong URL.
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timed out")), START_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    client.destroy();
    const reason = lastError || (error instanceof Error ? error.message : String(error));
    throw new Error(`Redis at ${safeUrl(url)} cannot be reached (${reason})`);
  } finally {
    clearTimeout(timer);
  }
  let closed = false;
  return {
    client: client as unknown as RedisCommands,
    ping: (timeoutMs) =>
      pingWith(
        () => client.ping(),
        timeoutMs,
        () => closed || !client.isReady,
      ),
    async close() {
      if (closed) return;
      closed = true;
      await client.close().catch(() => client.destroy());
    },
  };
}
