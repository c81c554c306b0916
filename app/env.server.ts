import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

/**
 * The configuration contract of DESIGN.md, read once at start. A wrong value stops the process with
 * one line per variable that names it and says what was expected.
 */

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

function urlWithProtocols(protocols: string[], expected: string) {
  return optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be ${expected}` },
  );
}

const httpUrl = urlWithProtocols(["http:", "https:"], "an http:// or https:// URL");

/** `127.0.0.1, 10.0.0.0/8` as its entries. */
function proxyEntries(value: string): string[] {
  return value.split(/[\s,]+/).filter((entry) => entry !== "");
}

/** An address or a range of them (`10.0.0.0/8`, `fd00::/8`). */
function isProxyEntry(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32);
}

const booleanFlag = optionalString.refine(
  (value) => value === undefined || ["true", "false", "1", "0"].includes(value.toLowerCase()),
  { message: "must be true or false" },
);

const rawSchema = z.object({
  NODE_ENV: optionalString,
  PORT: optionalString.refine(
    (value) => value === undefined || (/^\d+$/.test(value) && Number(value) <= 65535),
    { message: "must be a port number from 0 to 65535" },
  ),
  HOST: optionalString,
  APP_URL: httpUrl,
  DATA_DIR: optionalString,
  DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"], "a postgres:// URL"),
  DATABASE_READ_URL: urlWithProtocols(["postgres:", "postgresql:"], "a postgres:// URL"),
  AUTH_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: "must be at least 32 characters (for example: openssl rand -base64 32)",
  }),
  SMTP_URL: urlWithProtocols(["smtp:", "smtps:"], "an smtp:// or smtps:// URL"),
  MAIL_FROM: optionalString,
  STORAGE_DRIVER: z
    .enum(["disk", "s3"], { message: "must be disk or s3" })
    .optional()
    .default("disk"),
  S3_ENDPOINT: httpUrl,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: httpUrl,
  GEOCODER: z
    .enum(["offline", "nominatim", "photon", "pdok"], {
      message: "must be offline, nominatim, photon or pdok",
    })
    .optional()
    .default("offline"),
  GEOCODER_URL: httpUrl,
  MAP_STYLE_URL: httpUrl,
  REDIS_URL: urlWithProtocols(["redis:", "rediss:"], "a redis:// or rediss:// URL"),
  SEED_DEMO: booleanFlag,
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).optional(),
  TRUSTED_PROXIES: optionalString.refine(
    (value) => value === undefined || proxyEntries(value).every(isProxyEntry),
    { message: "must list addresses or ranges, e.g. 127.0.0.1,10.0.0.0/8" },
  ),
  METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 16, {
    message: "must be at least 16 characters",
  }),
  PAGE_CACHE_SECONDS: optionalString.refine(
    (value) => value === undefined || (/^\d+$/.test(value) && Number(value) <= 60),
    { message: "must be a whole number of seconds from 0 to 60" },
  ),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  production: boolean;
  port: number;
  host: string;
  appUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of DATABASE_URL that visitors' page views read from (ADR 21). */
  databaseReadUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  storage:
    | { driver: "disk"; dir: string }
    | {
        driver: "s3";
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl: string | undefined;
      };
  geocoder: { provider: "offline" } | { provider: "nominatim" | "photon" | "pdok"; url: string };
  mapStyleUrl: string;
  redisUrl: string | undefined;
  /** undefined: decide at start (seed an empty embedded database only). */
  seedDemo: boolean | undefined;
  /**
   * JSON log lines at this level; undefined (LOG_LEVEL unset): plain lines for a person at a
   * terminal, the address, the mail and the warnings (ADR 64).
   */
  logLevel: LogLevel | undefined;
  metricsToken: string | undefined;
  /** Proxies whose X-Forwarded-* headers are believed: addresses and ranges. */
  trustedProxies: string[];
  /** How long anonymous pages are kept and served again (ADR 26); 0: not at all. */
  pageCacheSeconds: number;
}

/** A free OpenStreetMap-based vector style that needs no key; see DESIGN.md "Map". */
export const DEFAULT_MAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";

export class ConfigError extends Error {
  override name = "ConfigError";
}

const AUTH_SECRET_FILE = "auth-secret";

/**
 * Parses the environment. Throws a ConfigError whose message is one line naming each wrong
 * variable. `readSecret` is how the embedded setup keeps its generated session secret.
 */
export function parseConfig(
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
  readSecret: (dataDir: string) => string = ensureGeneratedSecret,
): Config {
  const result = rawSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; "),
    );
  }
  const raw = result.data;
  const problems: string[] = [];
  const production = raw.NODE_ENV === "production";
  const port = raw.PORT === undefined ? 3000 : Number(raw.PORT);
  const appUrl = new URL(raw.APP_URL ?? `http://localhost:${port}`);
  const dataDir = path.resolve(cwd, raw.DATA_DIR ?? "data");

  if (production && raw.DATABASE_URL !== undefined && raw.AUTH_SECRET === undefined) {
    problems.push(
      "AUTH_SECRET must be set in production (at least 32 characters, for example: openssl rand -base64 32)",
    );
  }

  if (raw.DATABASE_READ_URL !== undefined && raw.DATABASE_URL === undefined) {
    problems.push(
      "DATABASE_READ_URL needs DATABASE_URL: a replica of the embedded database cannot exist",
    );
  }

  let storage: Config["storage"] = { driver: "disk", dir: path.join(dataDir, "uploads") };
  if (raw.STORAGE_DRIVER === "s3") {
    const { S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = raw;
    const required = { S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY };
    for (const [name, value] of Object.entries(required)) {
      if (value === undefined) problems.push(`${name} must be set when STORAGE_DRIVER is s3`);
    }
    if (S3_BUCKET && S3_REGION && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
      storage = {
        driver: "s3",
        endpoint: raw.S3_ENDPOINT,
        bucket: S3_BUCKET,
        region: S3_REGION,
        accessKeyId: S3_ACCESS_KEY_ID,
        secretAccessKey: S3_SECRET_ACCESS_KEY,
        publicUrl: raw.S3_PUBLIC_URL,
      };
    }
  }

  let geocoder: Config["geocoder"] = { provider: "offline" };
  if (raw.GEOCODER !== "offline") {
    if (raw.GEOCODER_URL === undefined) {
      problems.push(`GEOCODER_URL must be set when GEOCODER is ${raw.GEOCODER}`);
    } else {
      geocoder = { provider: raw.GEOCODER, url: raw.GEOCODER_URL };
    }
  }

  if (problems.length > 0) throw new ConfigError(problems.join("; "));

  return {
    production,
    port,
    host: raw.HOST ?? "0.0.0.0",
    appUrl,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    databaseReadUrl: raw.DATABASE_READ_URL,
    authSecret: raw.AUTH_SECRET ?? readSecret(dataDir),
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM ?? `Plukweide <no-reply@${appUrl.hostname}>`,
    storage,
    geocoder,
    mapStyleUrl: raw.MAP_STYLE_URL ?? DEFAULT_MAP_STYLE_URL,
    redisUrl: raw.REDIS_URL,
    seedDemo:
      raw.SEED_DEMO === undefined ? undefined : ["true", "1"].includes(raw.SEED_DEMO.toLowerCase()),
    logLevel: raw.LOG_LEVEL,
    metricsToken: raw.METRICS_TOKEN,
    trustedProxies: raw.TRUSTED_PROXIES === undefined ? [] : proxyEntries(raw.TRUSTED_PROXIES),
    pageCacheSeconds: raw.PAGE_CACHE_SECONDS === undefined ? 0 : Number(raw.PAGE_CACHE_SECONDS),
  };
}

/**
 * The embedded setup has nobody to hand it a secret, so it makes one on first start and keeps it
 * beside the database, readable only by the app's user.
 */
export function ensureGeneratedSecret(dataDir: string): string {
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": when two processes start together, the first one's secret wins and both use it.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  }
  chmodSync(file, 0o600);
  return secret;
}
