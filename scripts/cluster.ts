// `npm run cluster`: the shape README's "Deploying at scale" describes, on loopback. Two app
// processes on the local PostgreSQL (CLUSTER_DATABASE_URL's server, database plukweide_cluster),
// reading from a streaming replica of it, photos in an S3-compatible store, rate limits in Redis,
// and nginx in front with deploy/nginx.conf. Needs the production build (`npm run build`), and
// Debian's postgresql, redis-server and nginx. Ctrl-C stops everything it started.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startS3Server } from "../tests/support/s3-server.ts";
import { freePort, startApp, startNginx, startRedis, type Part } from "./cluster-parts.ts";
import { ensureDatabase, startReplica } from "./cluster-postgres.ts";

export interface ClusterOptions {
  /** The primary PostgreSQL server (any database on it); the cluster uses `database` there. */
  postgresUrl?: string;
  database?: string;
  /** nginx's port; the other parts take free ports. */
  port?: number;
  apps?: number;
  /** Extra environment for the app processes. */
  appEnv?: Record<string, string>;
  log?: (line: string) => void;
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

export async function startCluster(options: ClusterOptions = {}) {
  const log = options.log ?? (() => {});
  const parts: Part[] = [];
  const root = mkdtempSync(path.join(tmpdir(), "plukweide-cluster-"));
  // The replica runs as the postgres user, which must reach its folder inside this one.
  chmodSync(root, 0o755);
  const stop = async () => {
    for (const part of parts.reverse()) {
      await part
        .stop()
        .catch((error: unknown) => log(`${part.name} did not stop: ${String(error)}`));
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const primaryUrl = await ensureDatabase(
      options.postgresUrl ?? "postgres://postgres@127.0.0.1:5432/postgres",
      options.database ?? "plukweide_cluster",
    );
    log(`primary: ${primaryUrl}`);
    const replica = await startReplica(primaryUrl, path.join(root, "replica"), await freePort());
    parts.push(replica);
    const readUrl = replica.url(new URL(primaryUrl).pathname.slice(1));
    log(`replica: ${readUrl}`);
    const s3 = await startS3Server("plukweide-cluster");
    parts.push({ name: "s3", stop: () => s3.close() });
    log(`object store: ${s3.endpoint}`);
    const redis = await startRedis(await freePort(), path.join(root, "redis"));
    parts.push(redis);
    log(`redis: ${redis.url}`);

    const port = options.port ?? (await freePort());
    const appUrl = `http://127.0.0.1:${port}`;
    const authSecret = randomBytes(32).toString("base64");
    const appSettings = async (index: number) => ({
      port: await freePort(),
      appUrl,
      databaseUrl: primaryUrl,
      databaseReadUrl: readUrl,
      redisUrl: redis.url,
      s3,
      authSecret,
      dataDir: path.join(root, `app-${index}`),
      env: options.appEnv,
    });
    // Started together, as a deployment would: migrations must run once (advisory lock).
    const apps = await Promise.all(
      Array.from({ length: options.apps ?? 2 }, async (_, index) =>
        startApp(`app-${index + 1}`, await appSettings(index + 1)),
      ),
    );
    parts.push(...apps);
    const everyApp = [...apps];
    for (const app of apps) log(`${app.name}: http://127.0.0.1:${app.port}`);
    const nginx = await startNginx(
      port,
      apps.map((app) => app.port),
      path.join(root, "nginx"),
    );
    parts.push(nginx);
    return {
      url: appUrl,
      primaryUrl,
      readUrl,
      apps,
      replica,
      s3,
      redis,
      nginx,
      /** Starts one more app process like the others (for rolling restarts). */
      startApp: async (name: string) => {
        const app = await startApp(name, await appSettings(everyApp.length + 1));
        parts.push(app);
        everyApp.push(app);
        return app;
      },
      /** The app processes that have not exited. */
      running: () =>
        everyApp.filter((app) => app.child.exitCode === null && app.child.signalCode === null),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.CLUSTER_PORT ?? 8080);
  console.log("Starting the cluster…");
  const cluster = await startCluster({
    postgresUrl: process.env.CLUSTER_DATABASE_URL,
    port,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`\nPlukweide runs at ${cluster.url} (nginx in front of two app processes).`);
  console.log("Press Ctrl-C to stop everything.");
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping…");
    void cluster.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
