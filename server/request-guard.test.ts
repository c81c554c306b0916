import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { checkRequest, MAX_BODY_BYTES, MAX_PHOTO_FORM_BYTES } from "./request-guard";

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
      checkRequest(request("/", { "content-length": String(MAX_BODY_BYTES + 1) })),
    ).toMatchObject({ ok: false, status: 413 });
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
