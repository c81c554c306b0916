import { existsSync, mkdtempSync, chmodSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/cluster-parts.ts";
import { startPostgres } from "../../scripts/cluster-postgres.ts";
import { spawnApp, type AppProcess } from "../support/app-process";

/**
 * The database stops and comes back while the app runs: the balancer is told (503 on /healthz),
 * visitors get a page that says so in their language, and the app recovers without a restart.
 */

const hasPostgres = existsSync("/usr/lib/postgresql/15/bin/initdb");
if (process.env.CI && !hasPostgres) {
  throw new Error("The database outage test needs PostgreSQL 15's programs (Debian's postgresql)");
}

describe.skipIf(!hasPostgres)("the app while its PostgreSQL is stopped and started", () => {
  let postgres: Awaited<ReturnType<typeof startPostgres>>;
  let app: AppProcess;
  const dir = mkdtempSync(path.join(tmpdir(), "plukweide-outage-"));

  beforeAll(async () => {
    // The server runs as the postgres user, which must reach its folder inside this one.
    chmodSync(dir, 0o755);
    postgres = await startPostgres(path.join(dir, "data"), await freePort());
    const client = new pg.Client({ connectionString: postgres.url("postgres") });
    await client.connect();
    await client.query("create database plukweide");
    await client.end();
    app = await spawnApp({ DATABASE_URL: postgres.url("plukweide") }).ready;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await postgres?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers 503 in the visitor's language until the database is back, then serves again", async () => {
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${app.url}/meadows`)).status).toBe(200);

    await postgres.stop();
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(503);
    for (const [target, title, lang] of [
      ["/meadows", "Temporarily unavailable", "en"],
      ["/nl/meadows", "Tijdelijk niet beschikbaar", "nl"],
    ] as const) {
      const page = await fetch(`${app.url}${target}`);
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("10");
      expect(page.headers.get("cache-control")).toBe("no-store");
      const html = await page.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<h1>${title}</h1>`);
    }
    // The API's clients get its problem, with its CORS, in their language.
    const api = await fetch(`${app.url}/api/v1/meadows`, {
      headers: { "Accept-Language": "nl", Origin: "https://elsewhere.example" },
    });
    expect(api.status).toBe(503);
    expect(api.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expect(api.headers.get("access-control-allow-origin")).toBe("*");
    expect(api.headers.get("retry-after")).toBe("10");
    expect(await api.json()).toMatchObject({
      status: 503,
      title: "Dienst niet beschikbaar",
      instance: "/api/v1/meadows",
    });
    expect(app.child.exitCode).toBeNull();

    await postgres.start();
    let status = 0;
    for (let waited = 0; status !== 200 && waited < 20_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await fetch(`${app.url}/healthz`)).status;
    }
    expect(status).toBe(200);
    expect((await fetch(`${app.url}/meadows`)).status).toBe(200);
    expect(app.child.exitCode).toBeNull();
  }, 120_000);
});
