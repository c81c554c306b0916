import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppWithMail } from "../support/app-with-mail";
import { type AppProcess } from "../support/app-process";
import { type TestSmtpServer } from "../support/smtp-server";
import { addMeadow, register, signedInMember } from "../support/members";
import { Visitor } from "../support/visitor";

/**
 * The heart on the production build as a browser without JavaScript uses it: form posts that
 * return to the page, and a visitor's press that goes through sign-in and comes back kept.
 */

const MEADOW = "demo-001";
const OTHER = "demo-002";

/** The heart of `meadowId` in the page, as the server rendered it. */
function heart(html: string, meadowId: string): { pressed: boolean; next: string } | undefined {
  const form = new RegExp(`<form[^>]*id="favorite-${meadowId}"[^>]*>(.*?)</form>`, "s").exec(
    html,
  )?.[1];
  if (!form) return undefined;
  return {
    pressed: /aria-pressed="true"/.test(form),
    // The button sends the state it asks for: its name and value, in whatever order React writes.
    next: /<button(?=[^>]*name="favorite")[^>]*value="(true|false)"/.exec(form)![1]!,
  };
}

describe("favorites on the production build", () => {
  let smtp: TestSmtpServer;
  let app: AppProcess;
  const visitor = () => new Visitor(() => app.url);

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail({ SEED_DEMO: "true" }));
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  /** A signed-in member: registered, and confirmed through the mailed link. */
  async function member() {
    const browser = visitor();
    await signedInMember(browser, smtp);
    return browser;
  }

  it("keeps and lets go of a meadow by form posts that return to the page and place", async () => {
    const browser = await member();
    const before = await (await browser.get(`/meadows/${MEADOW}`)).text();
    expect(heart(before, MEADOW)).toEqual({ pressed: false, next: "true" });
    expect(before).toContain("Nobody has this meadow as a favorite yet");

    const returnTo = `/meadows?q=tulp#favorite-${MEADOW}`;
    const kept = await browser.post("/resources/favorite", {
      meadowId: MEADOW,
      favorite: "true",
      redirectTo: returnTo,
    });
    expect(kept.status).toBe(302);
    expect(kept.headers.get("location")).toBe(returnTo);
    // Sent again (a reload, a double click): still one favorite.
    await browser.post("/resources/favorite", {
      meadowId: MEADOW,
      favorite: "true",
      redirectTo: "/",
    });

    const after = await (await browser.get(`/meadows/${MEADOW}`)).text();
    expect(heart(after, MEADOW)).toEqual({ pressed: true, next: "false" });
    expect(after).toContain("1 person has this meadow as a favorite");
    const favorites = await (await browser.get("/favorites")).text();
    expect(heart(favorites, MEADOW)).toEqual({ pressed: true, next: "false" });
    expect(favorites).toContain("1 meadow");
    const list = await (await browser.get("/meadows?q=Lisse")).text();
    expect(heart(list, MEADOW)?.pressed).toBe(true);
    expect(heart(list, OTHER)?.pressed).toBe(false);

    const dropped = await browser.post("/resources/favorite", {
      meadowId: MEADOW,
      favorite: "false",
      redirectTo: `/nl/meadows/${MEADOW}`,
    });
    expect(dropped.headers.get("location")).toBe(`/nl/meadows/${MEADOW}`);
    const dutch = await (await browser.get(`/nl/meadows/${MEADOW}`)).text();
    expect(heart(dutch, MEADOW)).toEqual({ pressed: false, next: "true" });
    expect(dutch).toContain("Nog niemand heeft deze pluktuin als favoriet");
    expect(await (await browser.get("/favorites")).text()).toContain("No favorites yet.");
  });

  it("keeps a member's favorites off the profile others see until the member shows them", async () => {
    const browser = await member();
    await browser.post("/resources/favorite", { meadowId: MEADOW, favorite: "true" });
    const settings = await (await browser.get("/settings")).text();
    const profilePath = /href="(\/profile\/[\w-]+)"/.exec(settings)![1]!;
    const favoritesTitle = "Favorite meadows";
    // The box starts unticked, and the member's own profile says who sees the list.
    expect(settings).toMatch(/<input[^>]*name="favoritesPublic"(?![^>]*checked)[^>]*>/);
    const own = await (await browser.get(profilePath)).text();
    expect(own).toContain(favoritesTitle);
    expect(own).toContain("Only you see this list");
    expect(own).toContain(`id="favorite-${MEADOW}"`);
    for (const path of [profilePath, `/nl${profilePath}`]) {
      const seen = await (await visitor().get(path)).text();
      expect(seen).not.toContain(`id="favorite-${MEADOW}"`);
      expect(seen).not.toContain(favoritesTitle);
      expect(seen).not.toContain("Favoriete pluktuinen");
    }
    // An old link to a page of the favorites leads to the profile, not to an error.
    const paged = await visitor().get(`${profilePath}?favorites=2`);
    expect(paged.status).toBe(302);
    expect(paged.headers.get("location")).toBe(profilePath);

    const shown = await browser.post("/settings/profile", {
      name: "Mila Bakker",
      favoritesPublic: "on",
    });
    expect(shown.status).toBe(302);
    expect(await (await browser.get("/settings")).text()).toMatch(
      /<input[^>]*name="favoritesPublic"[^>]*checked/,
    );
    const seen = await (await visitor().get(profilePath)).text();
    expect(seen).toContain(favoritesTitle);
    expect(seen).toContain(`id="favorite-${MEADOW}"`);
    expect(await (await browser.get(profilePath)).text()).toContain(
      "Everyone who opens your profile sees this list.",
    );

    // Unticked and saved: private again.
    await browser.post("/settings/profile", { name: "Mila Bakker" });
    expect(await (await visitor().get(profilePath)).text()).not.toContain(favoritesTitle);
  });

  it("shows a meadow a member added and keeps on their profile twice, both hearts kept", async () => {
    const browser = await member();
    const saved = await addMeadow(browser);
    const meadowId = /\/meadows\/([\w-]+)$/.exec(saved)![1]!;
    await browser.post("/resources/favorite", { meadowId, favorite: "true" });

    const home = await (await browser.get("/favorites")).text();
    expect(heart(home, meadowId)?.pressed).toBe(true);
    const profileLink = /href="(\/profile\/[\w-]+)"/.exec(
      await (await browser.get(`/meadows/${meadowId}`)).text(),
    )![1]!;
    const profile = await (await browser.get(profileLink)).text();
    // One card in each list; each heart has an id of its own to return to.
    expect(profile.match(new RegExp(`id="favorite-${meadowId}"`, "g"))).toHaveLength(1);
    expect(profile.match(new RegExp(`id="added-favorite-${meadowId}"`, "g"))).toHaveLength(1);
    expect(profile).toContain(`value="${profileLink}#added-favorite-${meadowId}"`);
    expect(heart(profile, meadowId)?.pressed).toBe(true);

    // Deleting the meadow takes its favorites with it.
    const deleted = await browser.post(`/meadows/${meadowId}/edit`, {
      intent: "delete",
      confirm: "yes",
    });
    expect(deleted.status).toBe(302);
    expect(await (await browser.get("/favorites")).text()).toContain("No favorites yet.");
  });

  it("counts every member who keeps a meadow, in both languages", async () => {
    const [first, second] = await Promise.all([member(), member()]);
    for (const browser of [first, second]) {
      await browser.post("/resources/favorite", { meadowId: OTHER, favorite: "true" });
    }
    const english = await (await visitor().get(`/meadows/${OTHER}`)).text();
    expect(english).toContain("2 people have this meadow as a favorite");
    const dutch = await (await visitor().get(`/nl/meadows/${OTHER}`)).text();
    expect(dutch).toContain("2 mensen hebben deze pluktuin als favoriet");
  });

  it("answers the heart's fetcher with the new state and count instead of a redirect", async () => {
    const browser = await member();
    const response = await browser.post("/resources/favorite", {
      meadowId: "demo-003",
      favorite: "true",
    });
    expect(response.status).toBe(200);
    const racing = await Promise.all(
      Array.from({ length: 4 }, () =>
        browser.post("/resources/favorite", { meadowId: "demo-003", favorite: "true" }),
      ),
    );
    expect(racing.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await (await browser.get("/meadows/demo-003")).text()).toContain(
      "1 person has this meadow as a favorite",
    );
    // What the map's popup asks: private to the member, never stored by a cache.
    const state = await browser.get("/resources/favorite/state?meadowId=demo-003");
    expect(state.headers.get("cache-control")).toBe("private, no-store");
    expect(await state.json()).toEqual({ kept: true });
    const visitorState = await visitor().get("/resources/favorite/state?meadowId=demo-003");
    expect(await visitorState.json()).toEqual({ kept: false });
    expect((await browser.get("/resources/favorite/state?meadowId=%27")).status).toBe(400);
  });

  it("sends a visitor to sign in and back to the page with the favorite set", async () => {
    const browser = visitor();
    const { email, password, link } = await register(browser, smtp);
    // Confirmed in another browser, so this one is still a visitor.
    expect((await visitor().get(link)).status).toBe(302);

    const page = `/nl/meadows?q=zandhoek#favorite-${MEADOW}`;
    const pressed = await browser.post("/resources/favorite", {
      meadowId: MEADOW,
      favorite: "true",
      redirectTo: page,
    });
    expect(pressed.status).toBe(302);
    const login = new URL(pressed.headers.get("location")!, app.url);
    expect(login.pathname).toBe("/nl/login");
    const next = login.searchParams.get("redirectTo")!;
    expect(next).toBe(`/resources/favorite/after-sign-in?redirectTo=${encodeURIComponent(page)}`);
    // Nothing is kept yet.
    expect(heart(await (await browser.get(`/meadows/${MEADOW}`)).text(), MEADOW)?.pressed).toBe(
      false,
    );

    const signedIn = await browser.post(`/nl/login`, { email, password, redirectTo: next });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(next);
    const back = await browser.get(next);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(page);
    expect(heart(await (await browser.get(page)).text(), MEADOW)?.pressed).toBe(true);

    // The intent is used up: coming back that way again keeps nothing else.
    await browser.post("/resources/favorite", { meadowId: MEADOW, favorite: "false" });
    expect((await browser.get(next)).headers.get("location")).toBe(page);
    expect(heart(await (await browser.get(page)).text(), MEADOW)?.pressed).toBe(false);
  });

  it("keeps nothing for a member sent to the return address by a link from elsewhere", async () => {
    const browser = await member();
    const response = await browser.get(
      `/resources/favorite/after-sign-in?redirectTo=${encodeURIComponent(`/meadows/${OTHER}`)}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/meadows/${OTHER}`);
    const html = await (await browser.get(`/meadows/${OTHER}`)).text();
    expect(heart(html, OTHER)?.pressed).toBe(false);
    // And only to pages of this site.
    const away = await browser.get(
      `/resources/favorite/after-sign-in?redirectTo=${encodeURIComponent("//evil.example/x")}`,
    );
    expect(away.headers.get("location")).toBe("/");
  });

  it("refuses bad input with a translated 4xx, an unknown meadow with 404", async () => {
    const browser = await member();
    const missing = await browser.post("/resources/favorite", {
      meadowId: "nosuchmeadow",
      favorite: "true",
      redirectTo: "/nl/meadows",
    });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Deze pluktuin bestaat niet meer.");
    const missingAgain = await browser.post("/resources/favorite", {
      meadowId: "nosuchmeadow",
      favorite: "false",
    });
    expect(missingAgain.status).toBe(404);
    const odd = await browser.post("/resources/favorite", {
      meadowId: MEADOW,
      favorite: "toggle",
      redirectTo: "/meadows",
    });
    expect(odd.status).toBe(400);
    expect(await odd.text()).toBe("That did not work. Reload the page and try again.");
    const fetcherMissing = await browser.post("/resources/favorite", {
      meadowId: "x".repeat(65),
      favorite: "true",
    });
    expect(fetcherMissing.status).toBe(400);
    expect(
      (
        await visitor().post("/resources/favorite", {
          meadowId: "nope",
          favorite: "true",
          redirectTo: "/",
        })
      ).status,
    ).toBe(404);
    // Signed out under the fetcher: a 401 to show beside the heart.
    expect(
      (await visitor().post("/resources/favorite", { meadowId: MEADOW, favorite: "true" })).status,
    ).toBe(401);
    // Another site's form never reaches the route.
    const crossSite = await fetch(`${app.url}/resources/favorite`, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        cookie: browser.cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ meadowId: MEADOW, favorite: "true" }),
    });
    expect(crossSite.status).toBe(403);
    expect(heart(await (await browser.get(`/meadows/${MEADOW}`)).text(), MEADOW)?.pressed).toBe(
      false,
    );
    // Only posts: a GET finds no page.
    expect((await browser.get("/resources/favorite")).status).toBe(405);
  });
});
