import { createServer } from "node:net";

/** A port nobody listens on now, so APP_URL can name it before the app starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let clients = 0;

/**
 * One browser: its own cookie jar and its own address. Test servers trust X-Forwarded-For from
 * loopback (TRUSTED_PROXIES, as behind a reverse proxy), so each visitor counts against rate
 * limits of its own.
 */
export class Visitor {
  readonly ip = `198.51.100.${++clients}`;
  readonly jar = new Map<string, string>();
  private readonly baseUrl: () => string;
  /**
   * The address a proxy in front receives (APP_URL), for a visitor that talks to one app process
   * directly but should look as if it came through that proxy.
   */
  private readonly site?: URL;

  constructor(baseUrl: () => string, site?: URL) {
    this.baseUrl = baseUrl;
    this.site = site;
  }

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(target: string, options: { cookie?: string } = {}): Promise<Response> {
    return this.send(target, "GET", undefined, options.cookie);
  }

  /** An urlencoded form; a list is sent as the same field once per value (checkboxes). */
  async post(target: string, form: Record<string, string | readonly string[]>): Promise<Response> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    return this.send(target, "POST", body);
  }

  /** A multipart form, as a browser sends one with files (fetch writes the boundary). */
  async postMultipart(target: string, form: FormData): Promise<Response> {
    return this.send(target, "POST", form);
  }

  private async send(
    target: string,
    method: string,
    body: URLSearchParams | FormData | undefined,
    cookie = this.cookie,
  ): Promise<Response> {
    const url = new URL(target, this.baseUrl());
    const headers = new Headers({ "x-forwarded-for": this.ip, "accept-language": "en" });
    if (cookie) headers.set("cookie", cookie);
    if (this.site) {
      headers.set("x-forwarded-host", this.site.host);
      headers.set("x-forwarded-proto", this.site.protocol.slice(0, -1));
    }
    if (body) headers.set("origin", (this.site ?? url).origin);
    const response = await fetch(url, { method, headers, body, redirect: "manual" });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = setCookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      const expired = attributes.some((attribute) => /^\s*max-age=(0|-\d+)\s*$/i.test(attribute));
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }
}
