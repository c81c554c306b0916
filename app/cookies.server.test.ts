import { describe, expect, it } from "vitest";
import {
  readColourMode,
  readDeviceCookie,
  serializeDeviceCookie,
  readLanguageCookie,
  redirectWithToast,
  serializeColourMode,
  serializeLanguageCookie,
  serializeToast,
  takeToast,
} from "./cookies.server";
import { parseConfig } from "./env.server";

const config = parseConfig({}, "/srv/app", () => "s".repeat(40));
const httpsConfig = parseConfig({ APP_URL: "https://plukweide.example" }, "/srv/app", () =>
  "s".repeat(40),
);

/** The request a browser sends back after receiving these Set-Cookie headers. */
function requestWith(...setCookies: string[]): Request {
  const cookie = setCookies.map((header) => header.split(";")[0]).join("; ");
  return new Request("http://localhost/", { headers: { cookie } });
}

describe("preference cookies", () => {
  it("remember the language and colour mode for 365 days", async () => {
    const language = await serializeLanguageCookie("nl", config);
    const mode = await serializeColourMode("dark", config);
    for (const header of [language, mode]) {
      expect(header).toContain("Max-Age=31536000");
      expect(header).toContain("SameSite=Lax");
      expect(header).toContain("Path=/");
      expect(header).not.toContain("Secure");
    }
    const request = requestWith(language, mode);
    expect(await readLanguageCookie(request, config)).toBe("nl");
    expect(await readColourMode(request, config)).toBe("dark");
  });

  it("are Secure when the site is served over https", async () => {
    expect(await serializeColourMode("light", httpsConfig)).toContain("Secure");
  });

  it("ignore values that are not ours", async () => {
    const request = new Request("http://localhost/", {
      headers: {
        cookie: `locale=${btoa(JSON.stringify("fr"))}; theme=${btoa(JSON.stringify("sepia"))}`,
      },
    });
    expect(await readLanguageCookie(request, config)).toBeUndefined();
    expect(await readColourMode(request, config)).toBe("system");
  });
});

describe("flash toast", () => {
  it("survives one redirect and is cleared when shown", async () => {
    const header = await serializeToast({ type: "success", key: "messages.meadowAdded" }, config);
    expect(header).toContain("HttpOnly");
    const { toast, clear } = await takeToast(requestWith(header), config);
    expect(toast).toEqual({ type: "success", key: "messages.meadowAdded" });
    expect(clear).toMatch(/^toast=; .*Max-Age=0/);
  });

  it("is not shown when forged or absent", async () => {
    const forged = `toast=${btoa(JSON.stringify({ type: "error", key: "messages.noMeadows" }))}`;
    expect((await takeToast(requestWith(forged), config)).toast).toBeUndefined();
    expect(await takeToast(new Request("http://localhost/"), config)).toEqual({
      toast: undefined,
      clear: undefined,
    });
  });
});

describe("redirectWithToast", () => {
  it("redirects with the toast the next page shows", async () => {
    const response = await redirectWithToast(
      "/meadows/1",
      { type: "success", key: "messages.meadowAdded" },
      config,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/meadows/1");
    const [cookie] = response.headers.getSetCookie();
    expect((await takeToast(requestWith(cookie!), config)).toast).toEqual({
      type: "success",
      key: "messages.meadowAdded",
    });
  });

  it("keeps the cookies and headers it is given and adds the toast after them", async () => {
    const headers = new Headers();
    headers.append("Set-Cookie", "session=abc; Path=/");
    headers.append("Set-Cookie", "session_data=; Max-Age=0");
    headers.set("Cache-Control", "no-store");
    const response = await redirectWithToast(
      "/settings",
      { type: "info", key: "settings.accountDeleted" },
      config,
      { headers, status: 303 },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const cookies = response.headers.getSetCookie();
    expect(cookies.slice(0, 2)).toEqual(["session=abc; Path=/", "session_data=; Max-Age=0"]);
    expect(cookies[2]).toMatch(/^toast=/);
    expect(headers.getSetCookie()).toHaveLength(2);
  });
});

describe("device cookie", () => {
  const device = { userId: "user-1", nonce: "a".repeat(24) };

  it("names the account and the browser for a year, signed and out of scripts' reach", async () => {
    const header = await serializeDeviceCookie(device, config);
    expect(header).toMatch(/^device=/);
    expect(header).toContain("Max-Age=31536000");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Path=/");
    expect(header).not.toContain("Secure");
    expect(await serializeDeviceCookie(device, httpsConfig)).toContain("Secure");
    expect(await readDeviceCookie(requestWith(header), config)).toEqual(device);
  });

  it("is worthless when forged, signed with another secret, or another signed cookie", async () => {
    const unsigned = `device=${btoa(JSON.stringify(device))}`;
    const otherSecret = parseConfig({}, "/srv/app", () => "t".repeat(40));
    const elsewhere = await serializeDeviceCookie(device, otherSecret);
    const toast = (await serializeToast({ type: "success", key: "x" }, config)).replace(
      /^toast=/,
      "device=",
    );
    for (const header of [unsigned, elsewhere, toast]) {
      expect(await readDeviceCookie(requestWith(header), config)).toBeUndefined();
    }
    expect(await readDeviceCookie(new Request("http://localhost/"), config)).toBeUndefined();
  });
});
