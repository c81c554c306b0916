import { fc } from "@fast-check/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppWithMail } from "../support/app-with-mail";
import { type AppProcess } from "../support/app-process";
import { type TestSmtpServer } from "../support/smtp-server";
import { addMeadow, signedInMember } from "../support/members";
import { expectSameSitePath, hostileReturnAddress } from "../support/return-address";
import { totpCode } from "../support/totp";
import { Visitor } from "../support/visitor";

/**
 * Every route that takes a return address, sent the addresses an attacker would: each answer's
 * Location, read as a browser reads it, stays on this site.
 */

const HOSTILE = [
  "/.//evil.example/phish",
  "/a/..//evil.example",
  "/a/%2e%2e//evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "/\t/evil.example",
];

/** Addresses that are safe until a language prefix is taken off, or their escapes decoded. */
const PREFIXED = ["/nl//evil.example", "/en//evil.example", "/nl/.//evil.example"];
const ENCODED = ["/%2F%2Fevil.example", "/%5Cevil.example", "/nl/%2F/evil.example"];

describe("return addresses on the production build", () => {
  let smtp: TestSmtpServer;
  let app: AppProcess;
  let appUrl: string;
  const visitor = () => new Visitor(() => app.url);

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail());
    appUrl = app.url;
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  /** Where a browser goes from `response`; fails the test when it would leave the site. */
  function landing(response: Response): URL {
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get("location")!, `${appUrl}/somewhere/deep`);
    expect(target.origin).toBe(appUrl);
    return target;
  }

  async function member(password = "rozen-in-juni") {
    const browser = visitor();
    const { email } = await signedInMember(browser, smtp, { name: "Rosa", password });
    return { browser, email, password };
  }

  it.each(HOSTILE)("keeps sign-in by POST on the site for %j", async (redirectTo) => {
    const { email, password } = await member();
    expect(landing(await visitor().post("/login", { email, password, redirectTo })).pathname).toBe(
      "/",
    );
  });

  it("keeps a signed-in member opening /login on the site, in their language", async () => {
    const { browser } = await member();
    for (const redirectTo of HOSTILE) {
      const query = new URLSearchParams({ redirectTo });
      expect(landing(await browser.get(`/login?${query}`)).pathname).toBe("/");
      expect(landing(await browser.get(`/nl/login?${query}`)).pathname).toBe("/nl");
    }
    const good = await browser.get(`/login?${new URLSearchParams({ redirectTo: "/map?z=3" })}`);
    expect(landing(good).href).toBe(`${appUrl}/map?z=3`);
  });

  it("keeps the colour-mode and language switches on the site", async () => {
    for (const redirectTo of HOSTILE) {
      const mode = await visitor().post("/resources/colour-mode", { mode: "dark", redirectTo });
      expect(landing(mode).pathname).toBe("/");
      const language = await visitor().post("/resources/locale", { lang: "nl", redirectTo });
      expect(landing(language).pathname).toBe("/nl");
    }
    for (const redirectTo of [...PREFIXED, ...ENCODED]) {
      const language = await visitor().post("/resources/locale", { lang: "en", redirectTo });
      expect(language.headers.get("location")).toBe("/");
    }
    const back = await visitor().post("/resources/locale", { lang: "nl", redirectTo: "/about" });
    expect(landing(back).pathname).toBe("/nl/about");
  });

  it("keeps the heart's form without JavaScript on the site, before and after signing in", async () => {
    const { browser } = await member();
    const meadowId = (await addMeadow(browser)).split("/").pop()!;
    for (const redirectTo of HOSTILE) {
      const kept = await browser.post("/resources/favorite", {
        meadowId,
        favorite: "true",
        redirectTo,
      });
      expect(landing(kept).pathname).toBe("/");
      // A visitor is sent to sign in, and from there back through the heart's own page.
      const toLogin = landing(
        await visitor().post("/resources/favorite", { meadowId, favorite: "true", redirectTo }),
      );
      expect(toLogin.pathname).toBe("/login");
      const next = new URL(toLogin.searchParams.get("redirectTo")!, `${appUrl}/somewhere/deep`);
      expect(next.origin).toBe(appUrl);
      expect(landing(await browser.get(next.pathname + next.search)).pathname).toBe("/");
    }
  });

  it("keeps sign-out on the site", async () => {
    for (const redirectTo of HOSTILE) {
      const { browser } = await member();
      expect(landing(await browser.post("/resources/logout", { redirectTo })).pathname).toBe("/");
    }
  });

  /** A member with two-step verification on, and the backup codes it gave. */
  async function twoStepMember() {
    const { browser, email, password } = await member();
    const setup = await browser.post("/settings/two-factor", {
      intent: "two-factor-enable",
      password,
    });
    const html = await setup.text();
    const uri = /otpauth:\/\/totp\/[^"&<\s]+(?:&amp;[^"&<\s]+)*/
      .exec(html)![0]
      .replaceAll("&amp;", "&");
    // Each sign-in takes a backup code: an authenticator code works only once.
    const backupCodes = [
      .../<ul[^>]*data-testid="backup-codes"[^>]*>(.*?)<\/ul>/s
        .exec(html)![1]!
        .matchAll(/<li>([^<]+)<\/li>/g),
    ].map((match) => match[1]!);
    const on = await browser.post("/settings/two-factor", {
      intent: "two-factor-verify",
      code: totpCode(uri),
    });
    expect(on.status).toBe(302);
    return { email, password, backupCodes };
  }

  it("keeps the second step of signing in on the site", async () => {
    const { email, password, backupCodes } = await twoStepMember();
    for (const redirectTo of HOSTILE.slice(0, 3)) {
      const stranger = visitor();
      const first = await stranger.post("/login", { email, password, redirectTo });
      expect(landing(first).pathname).toBe("/two-factor");
      // The attacker's link may name any return address: the page decides where it really goes.
      const query = new URLSearchParams({ redirectTo });
      const second = await stranger.post(`/two-factor?${query}`, { code: backupCodes.pop()! });
      expect(landing(second).pathname).toBe("/");
    }
  });

  /**
   * Every route that takes a return address, each sent generated hostile ones: the Location is
   * always a path on this site, read as it is and once decoded. Few runs per route: each is a
   * request to the production build.
   */
  it("answers a path on this site from every return-address route, whatever the address", async () => {
    const { browser, email, password } = await member();
    const meadowId = (await addMeadow(browser)).split("/").pop()!;
    const location = (response: Response) => {
      expect(response.status).toBe(302);
      return expectSameSitePath(response.headers.get("location"), appUrl);
    };
    const routes: [string, (redirectTo: string) => Promise<void>][] = [
      [
        "language switch",
        async (redirectTo) => {
          for (const lang of ["en", "nl"]) {
            location(await visitor().post("/resources/locale", { lang, redirectTo }));
          }
        },
      ],
      [
        "colour mode",
        async (redirectTo) => {
          location(await visitor().post("/resources/colour-mode", { mode: "dark", redirectTo }));
        },
      ],
      [
        "sign-out",
        async (redirectTo) => {
          location(await visitor().post("/resources/logout", { redirectTo }));
        },
      ],
      [
        "sign-in page, signed in",
        async (redirectTo) => {
          const query = new URLSearchParams({ redirectTo });
          location(await browser.get(`/login?${query}`));
          location(await browser.get(`/nl/login?${query}`));
        },
      ],
      [
        "sign-in form",
        async (redirectTo) => {
          location(await visitor().post("/login", { email, password, redirectTo }));
        },
      ],
      [
        "heart without JavaScript",
        async (redirectTo) => {
          location(
            await browser.post("/resources/favorite", { meadowId, favorite: "true", redirectTo }),
          );
          const toLogin = location(
            await visitor().post("/resources/favorite", { meadowId, favorite: "true", redirectTo }),
          );
          expectSameSitePath(toLogin.searchParams.get("redirectTo"), appUrl);
        },
      ],
      [
        "favorite after sign-in",
        async (redirectTo) => {
          const query = new URLSearchParams({ redirectTo });
          location(await browser.get(`/resources/favorite/after-sign-in?${query}`));
        },
      ],
    ];
    const twoStep = await twoStepMember();
    const secondStep = async (redirectTo: string) => {
      const stranger = visitor();
      const { email, password } = twoStep;
      const first = location(await stranger.post("/login", { email, password, redirectTo }));
      expect(first.pathname).toBe("/two-factor");
      const query = new URLSearchParams({ redirectTo });
      location(await stranger.post(`/two-factor?${query}`, { code: twoStep.backupCodes.pop()! }));
    };
    // A backup code for each run: there are ten, so a failure is reported as found, unshrunk.
    await fc.assert(fc.asyncProperty(hostileReturnAddress(), secondStep), {
      numRuns: 9,
      endOnFailure: true,
    });

    for (const [name, route] of routes) {
      await fc
        .assert(
          fc.asyncProperty(hostileReturnAddress(), async (redirectTo) => {
            await route(redirectTo);
          }),
          {
            numRuns: 25,
            examples: [...HOSTILE, ...PREFIXED, ...ENCODED].map((address) => [address]),
          },
        )
        .catch((error: unknown) => {
          const cause = error instanceof Error ? error.cause : undefined;
          throw new Error(`${name}: ${String(error)}\n${String(cause)}`, { cause });
        });
    }
  });
});
