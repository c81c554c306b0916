import { createServer, type IncomingMessage } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import {
  answerRefusal,
  checkRequest,
  MAX_BODY_BYTES,
  MAX_PHOTO_FORM_BYTES,
  readsItsOwnBody,
} from "./request-guard";

function request(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
): IncomingMessage {
  return {
    url,
    method,
    headers: { host: "localhost:3000", ...headers },
  } as unknown as IncomingMessage;
}

describe("checkRequest", () => {
  it("passes ordinary requests with their path", () => {
    expect(checkRequest(request("/meadows?q=tulp"))).toEqual({ ok: true, pathname: "/meadows" });
    expect(checkRequest(request("/", { "content-length": "12" }))).toEqual({
      ok: true,
      pathname: "/",
    });
  });

  it.each([
    ["*", 400],
    ["http://evil.example/", 400],
    ["//evil.example/path", 400],
    ["/%E0%A4%A", 400],
    ["/%00", 400],
  ])("rejects the request target %s", (url, status) => {
    expect(checkRequest(request(url))).toMatchObject({ ok: false, status });
  });

  it("rejects a malformed Host header", () => {
    expect(checkRequest(request("/", { host: "a b" }))).toMatchObject({ ok: false, status: 400 });
    expect(checkRequest(request("/", { host: "[::1]:3000" }))).toMatchObject({ ok: true });
  });

  it("refuses bodies that are too large or of unknown length", () => {
    expect(
      checkRequest(request("/nl/login", { "content-length": String(MAX_BODY_BYTES + 1) })),
    ).toMatchObject({
      ok: false,
      status: 413,
      tooLarge: { pathname: "/nl/login", limit: MAX_BODY_BYTES },
    });
    expect(checkRequest(request("/", { "content-length": "-1" }))).toMatchObject({ status: 400 });
    expect(checkRequest(request("/", { "transfer-encoding": "chunked" }))).toMatchObject({
      ok: false,
      status: 411,
    });
  });

  it("lets a meadow page's photo form send several photos, and nothing else", () => {
    const length = { "content-length": String(MAX_BODY_BYTES + 1) };
    for (const path of ["/meadows/abc123", "/nl/meadows/abc123", "/en/meadows/abc123"]) {
      expect(checkRequest(request(path, length, "POST"))).toMatchObject({ ok: true });
    }
    expect(checkRequest(request("/meadows/add", length, "GET"))).toMatchObject({ status: 413 });
    expect(checkRequest(request("/meadows/abc/edit", length, "POST"))).toMatchObject({
      status: 413,
    });
    expect(
      checkRequest(
        request("/meadows/abc123", { "content-length": String(MAX_PHOTO_FORM_BYTES + 1) }, "POST"),
      ),
    ).toMatchObject({ ok: false, status: 413 });
  });
});

describe("answerRefusal", () => {
  /** A server that answers like server/main.ts: the guard first, then "ok". */
  async function guardedServer() {
    const server = createServer((req, res) => {
      const check = checkRequest(req);
      if (!check.ok) return answerRefusal(req, res, check);
      req.resume();
      req.on("end", () => res.end("ok\n"));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    return { server, port: (server.address() as AddressInfo).port };
  }

  /** Sends one request on a raw socket, its body in pieces, and reads what comes back. */
  async function send(port: number, head: string, bodyBytes: number, then = "") {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    let received = "";
    let writeError: string | undefined;
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) => (writeError = error.code));
    const closed = once(socket, "close");
    socket.write(head);
    const piece = Buffer.alloc(64 * 1024, "a");
    for (let sent = 0; sent < bodyBytes && !socket.destroyed; sent += piece.length) {
      const part = piece.subarray(0, Math.min(piece.length, bodyBytes - sent));
      if (!socket.write(part)) await once(socket, "drain");
    }
    if (then && !socket.destroyed) socket.write(then);
    // The second request's answer, or the connection's end, says the exchange is over.
    const deadline = Date.now() + 5_000;
    while (
      Date.now() < deadline &&
      !socket.destroyed &&
      (received.match(/HTTP\/1\.1/g) ?? []).length < (then ? 2 : 1)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    socket.end();
    await closed;
    return { received, writeError };
  }

  it("reads a refused small body, so the sender gets its 400 and can send again", async () => {
    const { server, port } = await guardedServer();
    try {
      const length = 4 * 1024 * 1024;
      const { received, writeError } = await send(
        port,
        `POST /%00 HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${length}\r\n\r\n`,
        length,
        "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",
      );
      expect(writeError).toBeUndefined();
      expect(received).toMatch(/^HTTP\/1\.1 400 /);
      expect(received).toContain("malformed path");
      expect(received).not.toMatch(/connection: close/i);
      expect(received).toMatch(/HTTP\/1\.1 200 OK[\s\S]*ok\n$/);
    } finally {
      server.close();
    }
  });

  it("closes the connection after refusing a body too large to read", async () => {
    const { server, port } = await guardedServer();
    try {
      const { received } = await send(
        port,
        `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${MAX_BODY_BYTES + 1}\r\n\r\n`,
        0,
      );
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      expect(received).toMatch(/connection: close/i);
    } finally {
      server.close();
    }
  });
});

describe("readsItsOwnBody", () => {
  it("names the photo uploads, which stream their own bodies", () => {
    const multipart = "multipart/form-data; boundary=x";
    expect(readsItsOwnBody("POST", "/api/meadows/abc/photos", multipart)).toBe(true);
    expect(readsItsOwnBody("POST", "/nl/meadows/abc", multipart)).toBe(true);
    expect(readsItsOwnBody("POST", "/meadows/abc/", "Multipart/Form-Data; boundary=x")).toBe(true);
  });

  it("leaves every other request to wait for its body", () => {
    const multipart = "multipart/form-data; boundary=x";
    expect(readsItsOwnBody("POST", "/login", multipart)).toBe(false);
    expect(readsItsOwnBody("POST", "/meadows/abc", "application/x-www-form-urlencoded")).toBe(
      false,
    );
    expect(readsItsOwnBody("POST", "/meadows/abc", undefined)).toBe(false);
    expect(readsItsOwnBody("PUT", "/api/meadows/abc/photos", multipart)).toBe(false);
  });
});
