import type { IncomingMessage, ServerResponse } from "node:http";
import type { DatabaseHandle } from "../app/adapters/db.server";
import type { RedisHandle } from "../app/adapters/redis.server";
import type { Config } from "../app/env.server";
import { isMetricsToken, type Metrics } from "./metrics";
import { answerPlainly } from "./route-methods";

/**
 * The paths the server answers itself, before static files, images and the router: /healthz for
 * balancers, /version.json for open tabs to notice a deploy, and /metrics when METRICS_TOKEN is
 * set. The function answers such a request and says whether it did.
 */
export function createOwnPaths({
  config,
  database,
  redis,
  metrics,
  currentBuildId,
}: {
  config: Config;
  database: DatabaseHandle;
  redis?: RedisHandle;
  metrics: Metrics;
  currentBuildId: () => Promise<string>;
}) {
  const storesAnswer = async () => {
    const [databaseUp, redisUp] = await Promise.all([
      database.ping(),
      redis ? redis.ping() : Promise.resolve(undefined),
    ]);
    return { database: databaseUp, redis: redisUp };
  };

  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    const ownPath =
      pathname === "/healthz" ||
      pathname === "/version.json" ||
      (pathname === "/metrics" && config.metricsToken !== undefined);
    if (ownPath && req.method !== "GET" && req.method !== "HEAD") {
      const allow = "GET, HEAD, OPTIONS";
      answerPlainly(res, { kind: req.method === "OPTIONS" ? "options" : "not-allowed", allow });
      return true;
    }
    if (pathname === "/healthz") {
      // Ready while the database answers: a balancer then sends requests elsewhere. Redis is not
      // needed to serve, as rate limits count in the database while it is away (ADR 27).
      const stores = await storesAnswer();
      const healthy = stores.database;
      res.writeHead(healthy ? 200 : 503, {
        "Content-Type": "application/json",
        "Cache-Control": "no-store",
      });
      res.end(JSON.stringify({ status: healthy ? "ok" : "unavailable" }));
      return true;
    }
    if (pathname === "/version.json") {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ buildId: await currentBuildId() }));
      return true;
    }
    // Without METRICS_TOKEN there is no /metrics: the router answers with its 404 page.
    if (pathname === "/metrics" && config.metricsToken) {
      if (!isMetricsToken(req.headers.authorization, config.metricsToken)) {
        res.writeHead(401, {
          "Content-Type": "text/plain; charset=utf-8",
          "WWW-Authenticate": 'Bearer realm="metrics"',
          "Cache-Control": "no-store",
        });
        res.end("Unauthorized\n");
        return true;
      }
      const text = await metrics.render(await storesAnswer());
      res.writeHead(200, { "Content-Type": metrics.contentType, "Cache-Control": "no-store" });
      res.end(text);
      return true;
    }
    return false;
  };
}
