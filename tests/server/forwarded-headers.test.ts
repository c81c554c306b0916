import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnApp, type AppProcess } from "../support/app-process";

/**
 * X-Forwarded-* headers count only from the proxies TRUSTED_PROXIES names. Registering is
 * limited to five an hour per address, so it shows whose address the app believes.
 */

let registrations = 0;

function register(app: AppProcess, forwardedFor: string) {
  const email = `forwarded+${Date.now()}-${++registrations}@example.org`;
  return fetch(`${app.url}/register`, {
    method: "POST",
    redirect: "manual",
    headers: { "x-forwarded-for": forwardedFor },
    body: new URLSearchParams({
      name: "Fien",
      email,
      password: "lavendel-in-juli",
      confirmPassword: "lavendel-in-juli",
    }),
  });
}

/** A post whose browser was on `origin`, relayed by a proxy that says so. */
function switchColourMode(app: AppProcess, origin: string) {
  const { protocol, host } = new URL(origin);
  return fetch(`${app.url}/resources/colour-mode`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin,
      "x-forwarded-proto": protocol.slice(0, -1),
      "x-forwarded-host": host,
    },
    body: new URLSearchParams({ mode: "dark", redirectTo: "/about" }),
  });
}

describe("forwarded headers on the production build", () => {
  let behindProxy: AppProcess;
  let direct: AppProcess;

  beforeAll(async () => {
    [behindProxy, direct] = await Promise.all([
      spawnApp({ TRUSTED_PROXIES: "127.0.0.1" }).ready,
      spawnApp({ TRUSTED_PROXIES: "" }).ready,
    ]);
  });
  afterAll(async () => {
    await Promise.all([behindProxy?.stop(), direct?.stop()]);
  });

  it("counts each forwarded address apart behind a trusted proxy", async () => {
    for (let client = 1; client <= 7; client++) {
      expect((await register(behindProxy, `198.51.100.${client}`)).status).toBe(302);
    }
  });

  it("counts every request as the peer's own when no proxy is trusted", async () => {
    const statuses: number[] = [];
    for (let client = 1; client <= 7; client++) {
      statuses.push((await register(direct, `203.0.113.${client}`)).status);
    }
    // Five an hour from one address, however the header changes.
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429, 429]);
  });

  it("takes the browser's https origin from a trusted proxy, and from nobody else", async () => {
    const origin = "https://plukweide.example";
    const relayed = await switchColourMode(behindProxy, origin);
    expect(relayed.status).toBe(302);
    expect(relayed.headers.get("location")).toBe("/about");
    expect((await switchColourMode(direct, origin)).status).toBe(403);
  });
});
