import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Duplex } from "node:stream";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import {
  createRequestHandler,
  RouterContextProvider,
  type RequestHandler,
  type ServerBuild,
} from "react-router";
import { openDatabase, openPostgres, type DatabaseHandle } from "../app/adapters/db.server";
import { seedDemoDataAtStart } from "../db/seed/demo.server";
import { deriveStaleHours } from "../app/services/meadows/hours.server";
import {
  createLogger,
  createPlainLogger,
  LOG_EVENTS,
  type Logger,
} from "../app/adapters/logger.server";
import { openRedis, type RedisHandle } from "../app/adapters/redis.server";
import { createImageRoute } from "../app/adapters/image-route.server";
import { createStorage } from "../app/adapters/storage.server";
import { appContext, clientIpContext, pageWritesContext } from "../app/context";
import { clientAddress, createProxyTrust, publicOrigin } from "./forwarded";
import { isAllowedOrigin } from "./origin-check";
import { answerPlainly, createMethodCheck } from "./route-methods";
import { parseConfig, type Config } from "../app/env.server";
import { answerRefusal, checkRequest, readsItsOwnBody } from "./request-guard";
import { createStaticFiles } from "./static-files";
import { startDatabaseMaintenance } from "./database-maintenance";
import { startImageSweep } from "./image-sweep";
import { startBackupSocket } from "./backup-socket";
import { createMetrics } from "./metrics";
import { createOwnPaths } from "./own-paths";
import { createAppServices } from "./app-services";
import { createReadRouting, type ReadRouting } from "./read-replica";
import { answerUnavailable, problemPage, tooLargePage } from "./standalone-pages";
import { drainable } from "./drain";
import { listen } from "./listening";
import { requestIdOf } from "./request-id";
import { imageProcessingLoad } from "../app/adapters/images.server";
import { createRequestLog, safePath } from "./request-log";
import { exitOnUncaughtErrors } from "./exit-on-crash";
import { apiPreflightHeaders } from "./api-cors";
import { createPageCache, keepIfCacheable, sendShared, withFreshNonce } from "./page-cache";
import { createRequestTurns } from "./request-turns";
import { createBodyArrival } from "./body-arrival";
import { limitConnections } from "./connection-limit";
import { apiProblem, isApiPath, refuseAndClose, unparseableAnswer } from "./api-problems";
import { isSharedAnswerHandle } from "../app/lib/shared-answer";
import { afterAnswersDone } from "../app/lib/after-answer.server";
import { hitApiLimit } from "../app/services/account-limits";
import { securityHeaders, setSecurityHeaders } from "./security-headers";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface StartOptions {
  /** Where the React Router build comes from: the bundled one, or Vite's in development. */
  loadBuild: () => Promise<ServerBuild>;
  /** Vite's dev middleware (assets, hot reload); absent in production. */
  devMiddleware?: Middleware;
  clientDir?: string;
}

/** How long SIGTERM waits for open requests before closing their connections. */
const DRAIN_TIMEOUT_MS = 10_000;
/** How long a stopping process then waits for work left after answers and queued mail. */
const MAIL_DRAIN_TIMEOUT_MS = 10_000;
/**
 * Requests answered at once (ADR 46): enough to keep the CPU busy while some wait for the
 * database, few enough that each is answered in a few milliseconds once it has its turn.
 */
const REQUESTS_AT_ONCE = 16;
/** How long one request may hold its turn before the next begins all the same. */
const LONGEST_TURN_MS = 1_000;
/**
 * Bodies are read before their request takes a turn (ADR 57). A client may have this many
 * arriving at once, the process this many in all; those over the bound are asked to retry.
 */
const BODIES_PER_CLIENT = 8;
const BODIES_AT_ONCE = 1_024;
/** Bodies up to this size wait in memory, larger ones (photos) in a temporary file. */
const BODY_IN_MEMORY_BYTES = 64 * 1024;
/**
 * A body must arrive within ten seconds plus its size at 64 kB a second (a slow phone
 * connection's upload), and within five minutes however large: a 64 MB photo form needs about
 * 220 kB a second.
 */
const SHORTEST_BODY_MS = 10_000;
const SLOWEST_BODY_BYTES_PER_SECOND = 64 * 1024;
const LONGEST_BODY_MS = 300_000;
/** How long a request's head may take to arrive; Node checks every CHECK_INTERVAL_MS. */
const HEADERS_TIMEOUT_MS = 10_000;
const CHECK_INTERVAL_MS = 1_000;
/** Connections open at once from one address that is not a trusted proxy. */
const CONNECTIONS_PER_ADDRESS = 64;
/** How long a client refused for having too much in progress is asked to wait, in seconds. */
const RETRY_AFTER_SECONDS = 10;

export async function startServer(options: StartOptions) {
  const config = parseConfig(process.env);
  const logger =
    config.logLevel === undefined ? createPlainLogger() : createLogger(config.logLevel);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await seedDemoDataAtStart(database, config, logger);
    // Hours written before their derived form existed (or by an older one): see ADR 37.
    const derived = await deriveStaleHours(database.db);
    if (derived > 0) logger.info({ meadows: derived }, "opening hours derived");
  } catch (error) {
    await database.close();
    throw error;
  }
  logger.info({ database: database.kind }, "database ready");
  let redis: RedisHandle | undefined;
  if (config.redisUrl) {
    try {
      redis = await openRedis(config.redisUrl, logger);
    } catch (error) {
      await database.close();
      throw error;
    }
    logger.info("redis ready: rate limits are kept there");
  }
  // Not checked at start: the app serves from the primary until the replica answers.
  const replica = config.databaseReadUrl ? await openPostgres(config.databaseReadUrl) : undefined;
  const maintenance = startDatabaseMaintenance(database, logger);
  // Stored files no row refers to (photos, avatars): removed after start, then hourly.
  const imageSweep = startImageSweep(database.db, createStorage(config), logger);
  const backupSocket = await startBackupSocket(config, database, logger);

  const readRouting = createReadRouting(database.db, replica, logger);
  const { server, mailer } = createHttpServer({
    config,
    logger,
    database,
    readRouting,
    redis,
    ...options,
  });
  exitOnUncaughtErrors(logger);

  const draining = drainable(server);
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: draining open requests");
    const cut = (requests: number) =>
      logger.warn({ requests }, "drain deadline reached: cutting off unfinished requests");
    draining.drain({
      deadlineMs: DRAIN_TIMEOUT_MS,
      cut,
      closed: () => {
        // What the last requests left for after their answer, their mail above all, is done
        // before the process ends (ADR 58).
        const done = afterAnswersDone().then(() => mailer.idle());
        Promise.race([done, sleep(MAIL_DRAIN_TIMEOUT_MS)])
          .then(() => maintenance.stop())
          .then(() => imageSweep.stop())
          .then(() => backupSocket?.stop())
          .then(() => redis?.close())
          .then(() => readRouting.stop())
          .then(() => replica?.close())
          .then(() => database.close())
          .catch((error: unknown) => logger.error({ err: error }, "closing the database failed"))
          .finally(() => {
            logger.info(LOG_EVENTS.stopped);
            logger.flush();
            process.exit(0);
          });
      },
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  const port = await listen(server, { port: config.port, host: config.host });
  logger.info({ port, url: config.appUrl.href }, LOG_EVENTS.listening);
  return { server, port };
}

function createHttpServer(
  deps: {
    config: Config;
    logger: Logger;
    database: DatabaseHandle;
    readRouting: ReadRouting;
    redis?: RedisHandle;
  } & StartOptions,
) {
  const { config, logger, database, readRouting, redis } = deps;
  // In development Vite serves the assets and there may be no build to read.
  const serveStaticFile = deps.devMiddleware
    ? () => false
    : createStaticFiles(deps.clientDir ?? path.resolve("build/client"), {
        onReadError: (error, filePath) =>
          logger.warn({ err: error, path: safePath(filePath) }, "built file could not be read"),
      });
  const services = createAppServices({ config, logger, database, redis });
  const serveImage = createImageRoute(services.storage);
  // The client build's version: changes with every deploy, so open tabs can notice a new one.
  const currentBuildId = async () => (await deps.loadBuild()).assets.version;
  const mode = deps.devMiddleware ? "development" : "production";
  // What `make` builds from the current build, made once per build object (a development reload
  // brings a new one).
  const perBuild = <T>(make: (build: ServerBuild) => T) => {
    const made = new WeakMap<ServerBuild, T>();
    return async () => {
      const build = await deps.loadBuild();
      let value = made.get(build);
      if (value === undefined) made.set(build, (value = make(build)));
      return value;
    };
  };
  // React Router derives its route tables on every request when handed the build as a function.
  const requestHandler = perBuild((build) => createRequestHandler(build, mode));
  const handleRequest: RequestHandler = async (request, loadContext) =>
    (await requestHandler())(request, loadContext);
  const methodCheck = perBuild(createMethodCheck);
  const checkMethod = async (method: string, pathname: string) =>
    (await methodCheck())(method, pathname);
  /** What a route declares of its answers (ADR 40), by route id. */
  const sharedAnswerOf = perBuild((build) => (route: string) => {
    const handle: unknown = build.routes[route]?.module.handle;
    return isSharedAnswerHandle(handle) ? handle : undefined;
  });
  const proxies = createProxyTrust(config.trustedProxies);
  const pageCache =
    config.pageCacheSeconds > 0
      ? createPageCache({ seconds: config.pageCacheSeconds, redisUrl: config.redisUrl, logger })
      : undefined;
  /** For each request in progress, the pages it changed: "all" until a write names fewer. */
  const pageWrites = new WeakMap<ServerResponse, string[] | "all">();
  /** Hands the request to React Router, with the address and origin the browser really used. */
  const handleWithRouter = async (
    req: IncomingMessage,
    res: ServerResponse,
    origin: URL,
    cacheKey?: string,
    shared = false,
  ) => {
    const generation = pageCache?.generation() ?? 0;
    const body = bodies.get(req);
    const request = body
      ? requestWithBody(req, res, origin, body())
      : createRequest(req, res, { protocol: origin.protocol, host: origin.host });
    const context = new RouterContextProvider();
    context.set(appContext, {
      ...services,
      // Every line a loader or action logs carries the request's id.
      logger: logger.child({ requestId: req.id }),
      db: readRouting.databaseFor(req),
      buildId: await currentBuildId(),
    });
    context.set(clientIpContext, clientAddress(req, proxies));
    context.set(pageWritesContext, {
      changedOnly: (paths) => {
        if (pageWrites.has(res)) pageWrites.set(res, paths);
      },
    });
    let response: Response;
    try {
      response = await handleRequest(request, context);
    } catch (error) {
      // The visitor went away while the page was being made: nobody is left to answer.
      if (request.signal.aborted) return;
      throw error;
    }
    // A failure while the database does not answer is an outage, not a fault of the page: the
    // visitor is asked to come back shortly, in their language.
    if (response.status >= 500 && !(await database.ping(1_000))) {
      await response.body?.cancel().catch(() => {});
      const { pathname } = new URL(request.url);
      if (isApiPath(pathname)) {
        const { body, headers } = apiProblem(503, req.url ?? pathname, {
          ...refusalOf(req, pathname),
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
        res.writeHead(503, headers);
        res.end(req.method === "HEAD" ? undefined : body);
      } else {
        answerUnavailable(res, pathname, req.method);
      }
      return;
    }
    if (pageCache && cacheKey) {
      response = await keepIfCacheable(pageCache, cacheKey, generation, response, { shared });
    }
    if (!res.destroyed) await sendResponse(res, response);
    // Answered before the body was read (a visitor sent to sign in, a refusal): the rest of the
    // body is still arriving, paused, and the connection would carry no further request. It is
    // read and dropped, as Node does for a body nobody asked for.
    if (!req.complete && !res.destroyed) {
      await request.body?.cancel().catch(() => {});
      req.resume();
    }
  };

  // Pages and JSON are compressed as they stream; built assets come precompressed from the build.
  const compress = compression() as unknown as Middleware;
  const requestTurns = createRequestTurns({
    atOnce: REQUESTS_AT_ONCE,
    longestTurnMs: LONGEST_TURN_MS,
  });
  const bodyArrival = createBodyArrival({
    inMemoryBytes: BODY_IN_MEMORY_BYTES,
    perClient: BODIES_PER_CLIENT,
    total: BODIES_AT_ONCE,
    shortestMs: SHORTEST_BODY_MS,
    bytesPerSecond: SLOWEST_BODY_BYTES_PER_SECOND,
    longestMs: LONGEST_BODY_MS,
  });
  const metrics = createMetrics({
    requestTurns: () => ({ ...requestTurns.load(), ...bodyArrival.load() }),
    pool: database.poolStats?.bind(database),
    imageQueue: imageProcessingLoad,
  });
  const serveOwnPath = createOwnPaths({ config, database, redis, metrics, currentBuildId });
  /** What a refusal made here says of its request. */
  const refusalOf = (req: IncomingMessage, pathname: string) => ({
    pathname,
    instance: req.url ?? pathname,
    method: req.method,
    acceptLanguage: req.headers["accept-language"],
    appUrl: config.appUrl,
  });
  /** Each request's body, once it has arrived in full. */
  const bodies = new WeakMap<IncomingMessage, () => ReadableStream<Uint8Array>>();
  /**
   * Waits for the body of `req`, if it has one: true once it is here, false when the request was
   * answered (refused, too slow) or its visitor went away meanwhile.
   */
  const bodyArrived = async (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    const length = Number(req.headers["content-length"] ?? 0);
    if (length === 0 || req.complete) return true;
    const arrival = await bodyArrival.wait(req, res, clientAddress(req, proxies), length);
    switch (arrival.kind) {
      case "arrived":
        bodies.set(req, arrival.body);
        return true;
      case "gone":
        return false;
      case "refused":
        refuseAndClose(res, arrival.status, {
          ...refusalOf(req, pathname),
          retryAfterSeconds: arrival.retryAfterSeconds,
          reason: "Too many requests in progress",
        });
        return false;
      case "too-slow":
        refuseAndClose(res, 408, { ...refusalOf(req, pathname), reason: "Request body too slow" });
        return false;
    }
  };

  // The stages from "request guard" to "send" in REQUEST_STAGES (server/pipeline.ts), in order.
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const check = checkRequest(req);
    if (!check.ok) {
      // A browser's form that sent too much (photos, without JavaScript) is told so in the page's
      // language, the API's clients get a problem, and other scripts and programs the plain line.
      const { tooLarge } = check;
      const rawPath = (req.url ?? "").split("?")[0] ?? "";
      const page = isApiPath(rawPath)
        ? problemPage(apiProblem(check.status, req.url ?? rawPath, refusalOf(req, rawPath)))
        : tooLarge && req.headers.accept?.includes("text/html")
          ? tooLargePage(tooLarge.pathname, tooLarge.limit)
          : undefined;
      answerRefusal(req, res, check, page);
      return;
    }
    const { pathname } = check;
    const forwarded = publicOrigin(req, proxies);
    const requestOrigin = forwarded.host ? `${forwarded.protocol}//${forwarded.host}` : undefined;
    const siteOrigins = [config.appUrl.origin, ...(requestOrigin ? [requestOrigin] : [])];
    if (!isAllowedOrigin(req, siteOrigins)) {
      logger.warn({ method: req.method, path: safePath(req.url) }, "cross-site request refused");
      if (isApiPath(pathname)) {
        const { body, headers } = apiProblem(403, req.url ?? pathname, refusalOf(req, pathname));
        res.writeHead(403, headers);
        res.end(body);
        return;
      }
      res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Cross-site request refused\n");
      return;
    }
    // Health checks, metrics and the build's files answer at once; the rest take turns.
    if (await serveOwnPath(req, res, pathname)) return;
    if (serveStaticFile(req, res)) return;
    // No request holds a turn while its body is still arriving.
    // A photo upload streams its body itself under its own slots (ADR 56), holding no turn.
    if (!readsItsOwnBody(req.method, pathname, req.headers["content-type"])) {
      if (!(await bodyArrived(req, res, pathname))) return;
      if (!(await requestTurns.take(req, res))) return;
    }
    if (await serveImage(req, res, pathname)) return;
    const method = await checkMethod(req.method ?? "GET", pathname);
    if (method.kind === "not-allowed" && isApiPath(pathname)) {
      const { body, headers } = apiProblem(405, req.url ?? pathname, {
        ...refusalOf(req, pathname),
        allow: method.allow,
      });
      res.writeHead(405, { ...apiPreflightHeaders(pathname), ...headers });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    if (method.kind !== "router") {
      answerPlainly(res, method, apiPreflightHeaders(pathname));
      return;
    }
    routes.set(res, method.route);
    // Once a request is done, its write empties the page cache, or drops only the pages its
    // action or loader says it changed (ADR 26). "close" comes also when the visitor went away:
    // the write may have been made all the same.
    if (pageCache) {
      const write = req.method !== "GET" && req.method !== "HEAD";
      pageWrites.set(res, write ? "all" : []);
      res.on("close", () => {
        const changed = pageWrites.get(res);
        pageWrites.delete(res);
        if (changed === "all") pageCache.invalidate();
        else if (changed && changed.length > 0) pageCache.invalidate(changed);
      });
    }
    const shared = pageCache ? (await sharedAnswerOf())(method.route) : undefined;
    const cacheKey = pageCache?.keyOf(req, `${requestOrigin ?? ""}${req.url ?? "/"}`, !!shared);
    const cached = cacheKey ? pageCache?.get(cacheKey) : undefined;
    if (cached && shared) {
      // A copy counts against the API's limit too; over it, the route answers with its refusal.
      const limited = shared.apiLimit
        ? !(await hitApiLimit(services.limits, clientAddress(req, proxies))).allowed
        : false;
      if (!limited) {
        sendShared(req, res, cached);
        return;
      }
    }
    await new Promise<void>((resolve) => compress(req, res, resolve));
    if (cached && !shared) {
      const { headers, body } = withFreshNonce(cached);
      res.setHeader("X-Page-Cache", "hit");
      // Node, or the compression, says how long the body sent is.
      for (const [name, value] of headers)
        if (name !== "content-length") res.setHeader(name, value);
      res.writeHead(cached.status);
      res.end(body);
      return;
    }
    // A post from APP_URL is built on APP_URL, so React Router's own Origin check agrees with ours.
    const origin = new URL(
      req.headers.origin === config.appUrl.origin
        ? config.appUrl.origin
        : (requestOrigin ?? config.appUrl.origin),
    );
    await handleWithRouter(req, res, origin, cacheKey, !!shared);
  };

  const logRequest = createRequestLog(logger);
  /** The route a request went to, for its latency by route. */
  const routes = new WeakMap<ServerResponse, string>();
  const headersForEveryAnswer = securityHeaders(config.appUrl);
  const timeouts = {
    headersTimeout: HEADERS_TIMEOUT_MS,
    // Bodies have deadlines of their own (bodyArrival); this is the bound on the whole request.
    requestTimeout: HEADERS_TIMEOUT_MS + LONGEST_BODY_MS,
    connectionsCheckingInterval: CHECK_INTERVAL_MS,
  };
  // Every request meets the stages of REQUEST_STAGES (server/pipeline.ts) in its order: those up
  // to "security headers" here, the rest in `handle`.
  const server = createServer(timeouts, (req, res) => {
    const started = process.hrtime.bigint();
    req.id = requestIdOf(req, proxies);
    res.setHeader("X-Request-Id", req.id);
    logRequest(req, res);
    res.on("close", () => {
      requestTurns.end(res);
      bodyArrival.end(res);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observe(req.method, res.statusCode, seconds, routes.get(res));
    });
    setSecurityHeaders(res, headersForEveryAnswer);
    const run = () => {
      handle(req, res).catch((error: unknown) => {
        logger.error({ err: error, requestId: req.id }, "request failed");
        if (!res.headersSent) {
          res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
          res.end("Internal Server Error\n");
        } else {
          res.destroy();
        }
      });
    };
    if (deps.devMiddleware) deps.devMiddleware(req, res, run);
    else run();
  });
  limitConnections(server, {
    perAddress: CONNECTIONS_PER_ADDRESS,
    trust: proxies,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
  // CONNECT asks the server to be a tunnel, which it is not; Node hands it over as a raw socket.
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    logger.info({ method: req.method, status: 405 }, "request");
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  server.on("close", () => {
    void pageCache?.close();
    void bodyArrival.close();
  });
  server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    // Unparseable requests (bad request line, oversized headers, a head too slow): answered and
    // closed. Under /api, as far as the bytes read tell, the answer is the API's problem.
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? 431
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? 408
          : 400;
    if (socket.writable) socket.end(unparseableAnswer(status, error.rawPacket, config.appUrl));
    else socket.destroy();
    logger.debug({ code: error.code }, "client error");
  });
  return { server, mailer: services.mailer };
}

/**
 * The request React Router is handed for a body that has arrived in full: as createRequest makes
 * it, with the body read from where it waited, aborted when the visitor goes away unanswered.
 */
function requestWithBody(
  req: IncomingMessage,
  res: ServerResponse,
  origin: URL,
  body: ReadableStream<Uint8Array>,
): Request {
  const visitorLeft = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) visitorLeft.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(`${origin.protocol}//${origin.host}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    body,
    signal: visitorLeft.signal,
    duplex: "half",
  } as RequestInit);
}
