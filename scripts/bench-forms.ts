// What the form benchmarks (bench:sign-in, bench:forgot-password) share: the production build on
// a port of its own, and a form posted as a browser would, each from a client address of its own.
import { spawn } from "node:child_process";

let addresses = 0;
/** Each request from an address of its own, in X-Forwarded-For (see TRUSTED_PROXIES below). */
export function nextAddress(): string {
  addresses += 1;
  return `198.18.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** Posts `form` to `target` as a browser's form would; the answer's status and time. */
export async function postForm(base: string, target: string, form: Record<string, string>) {
  const url = new URL(target, base);
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "x-forwarded-for": nextAddress(), origin: url.origin, "accept-language": "en" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** The production build on a random port, healthy; `env` adds to or overrides its settings. */
export async function serveForForms(
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      // Each request says its own address, as a proxy on loopback would.
      TRUSTED_PROXIES: "127.0.0.1",
      ...env,
    },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
