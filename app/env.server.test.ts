import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  DEFAULT_MAP_STYLE_URL,
  ensureGeneratedSecret,
  parseConfig,
} from "./env.server";

const fixedSecret = () => "s".repeat(40);

function configError(env: Record<string, string>): string {
  try {
    parseConfig(env, "/srv/app", fixedSecret);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("needs nothing for the embedded setup", () => {
    const config = parseConfig({}, "/srv/app", fixedSecret);
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: "0.0.0.0",
      dataDir: "/srv/app/data",
      databaseUrl: undefined,
      authSecret: fixedSecret(),
      storage: { driver: "disk", dir: "/srv/app/data/uploads" },
      geocoder: { provider: "offline" },
      mapStyleUrl: DEFAULT_MAP_STYLE_URL,
      logLevel: undefined,
      seedDemo: undefined,
    });
    expect(config.appUrl.href).toBe("http://localhost:3000/");
  });

  it("derives APP_URL from PORT and reads every documented variable", () => {
    const config = parseConfig(
      {
        PORT: "8080",
        DATA_DIR: "/var/lib/plukweide",
        DATABASE_URL: "postgresql://app@db:5432/plukweide",
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        GEOCODER: "nominatim",
        GEOCODER_URL: "http://127.0.0.1:8088",
        SMTP_URL: "smtps://user:pass@mail.example:465",
      },
      "/srv/app",
      fixedSecret,
    );
    expect(config.appUrl.href).toBe("http://localhost:8080/");
    expect(config.dataDir).toBe("/var/lib/plukweide");
    expect(config.databaseUrl).toBe("postgresql://app@db:5432/plukweide");
    expect(config.seedDemo).toBe(false);
    expect(config.geocoder).toEqual({ provider: "nominatim", url: "http://127.0.0.1:8088" });
    expect(config.mailFrom).toBe("Plukweide <no-reply@localhost>");
  });

  it.each([
    [{ DATABASE_URL: "mysql://root@localhost/db" }, "DATABASE_URL must be a postgres:// URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL must be a postgres:// URL"],
    [{ PORT: "eighty" }, "PORT must be a port number from 0 to 65535"],
    [{ PORT: "70000" }, "PORT must be a port number from 0 to 65535"],
    [{ APP_URL: "ftp://example.org" }, "APP_URL must be an http:// or https:// URL"],
    [
      { LOG_LEVEL: "loud" },
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
    ],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL must be an smtp:// or smtps:// URL"],
    [{ STORAGE_DRIVER: "ftp" }, "STORAGE_DRIVER must be disk or s3"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO must be true or false"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET must be at least 32 characters"],
    [{ GEOCODER: "nominatim" }, "GEOCODER_URL must be set when GEOCODER is nominatim"],
    [{ STORAGE_DRIVER: "s3", S3_BUCKET: "b" }, "S3_REGION must be set when STORAGE_DRIVER is s3"],
    [{ DATABASE_READ_URL: "redis://replica" }, "DATABASE_READ_URL must be a postgres:// URL"],
    [{ DATABASE_READ_URL: "postgres://replica/plukweide" }, "DATABASE_READ_URL needs DATABASE_URL"],
  ])("rejects %o with a line naming the variable", (env, expected) => {
    const message = configError(env);
    expect(message).toContain(expected);
    expect(message).not.toContain("\n");
  });

  it("names every wrong variable in one line", () => {
    const message = configError({ PORT: "x", DATABASE_URL: "mysql://a" });
    expect(message).toMatch(/^PORT must be .*; DATABASE_URL must be a postgres:\/\/ URL$/);
  });

  it("trusts no proxy unless TRUSTED_PROXIES names it, and reads addresses and ranges", () => {
    expect(parseConfig({}, "/srv/app", fixedSecret).trustedProxies).toEqual([]);
    const config = parseConfig(
      { TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8 fd00::/8,::1" },
      "/srv/app",
      fixedSecret,
    );
    expect(config.trustedProxies).toEqual(["127.0.0.1", "10.0.0.0/8", "fd00::/8", "::1"]);
  });

  it.each(["localhost", "10.0.0.0/33", "10.0.0.0/8/8", "fd00::/129", "nginx"])(
    "refuses TRUSTED_PROXIES=%s",
    (value) => {
      expect(configError({ TRUSTED_PROXIES: value })).toBe(
        "TRUSTED_PROXIES must list addresses or ranges, e.g. 127.0.0.1,10.0.0.0/8",
      );
    },
  );

  it("requires AUTH_SECRET in production on PostgreSQL", () => {
    expect(configError({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toContain(
      "AUTH_SECRET must be set in production",
    );
    const config = parseConfig(
      { NODE_ENV: "production", DATABASE_URL: "postgres://db/app", AUTH_SECRET: "x".repeat(32) },
      "/srv/app",
      () => {
        throw new Error("must not generate a secret when one is given");
      },
    );
    expect(config.authSecret).toBe("x".repeat(32));
  });
});

describe("ensureGeneratedSecret", () => {
  it("creates a private secret once and keeps it", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "plukweide-secret-")), "data");
    const first = ensureGeneratedSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, "auth-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(ensureGeneratedSecret(dir)).toBe(first);
  });
});
