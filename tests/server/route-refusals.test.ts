import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../fixtures/images/generate";
import { startAppWithMail } from "../support/app-with-mail";
import { type AppProcess } from "../support/app-process";
import { UTRECHT_MEADOW } from "../../db/factories/meadow-form";
import { appDatabase, appEngines } from "../support/databases";
import { addMeadow, signedInMember } from "../support/members";
import { actionRoutes, fillPattern, type ActionRoute } from "../support/route-manifest";
import { type TestSmtpServer } from "../support/smtp-server";
import { Visitor } from "../support/visitor";
import { addressFingerprint } from "../../app/lib/schemas/meadow";

/**
 * Every route that changes something, as each kind of sender: a visitor who is not signed in, a
 * member who owns nothing there, the owner, and another site posting with any of their cookies.
 * The routes come from the build's manifest, so a route added later fails this test until it has
 * a row here; each refusal is checked to have changed nothing the site shows.
 */

interface Fixtures {
  meadowId: string;
  photoId: string;
  ownerEmail: string;
}

type Body = Record<string, string> | FormData;

/**
 * What a sender gets: a status, or `sign-in` for a redirect to the sign-in page of the route's
 * language that brings the sender back, or a redirect to `location`.
 */
type Outcome = number | "sign-in" | { status: number; location: string };

interface Row {
  /** A form the page itself sends: a change an owner or member may make. */
  form(fixtures: Fixtures): Body;
  visitor: Outcome;
  /** A signed-in member who is not the owner of what the form changes. */
  member: Outcome;
  /** The owner of the meadow or photo the form changes, where there is one. */
  owner?: Outcome;
  /** What the site shows of the thing the form changes: a refusal must leave it as it was. */
  shown?(fixtures: Fixtures, as: Visitor): Promise<string>;
  /** Signs the sender out when it succeeds: the member case uses a member of its own. */
  endsSession?: boolean;
}

const NEW_NAME = "Pluktuin Overgenomen";

function meadowForm(fixtures: Fixtures, extra: Record<string, string>): Record<string, string> {
  const values = { ...UTRECHT_MEADOW, addressExtra: "" };
  return {
    ...values,
    lat: "52.0931",
    lng: "5.1187",
    locatedAddress: addressFingerprint(values),
    ...extra,
  };
}

function photoForm(bytes: Buffer): FormData {
  const body = new FormData();
  body.append("photo", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "wei.png");
  return body;
}

let photoBytes: Buffer;

/** The meadow page as `as` sees it: its name and its photos. */
async function meadowShown(fixtures: Fixtures, as: Visitor): Promise<string> {
  const html = await (await as.get(`/meadows/${fixtures.meadowId}`)).text();
  const name = /<h1[^>]*>([^<]*)</.exec(html)?.[1];
  const photos = [...html.matchAll(/data-photo-id="([^"]+)"/g)].map((match) => match[1]);
  return JSON.stringify({ name, photos });
}

/** Whether `as` keeps the meadow as a favorite. */
async function favoriteShown(fixtures: Fixtures, as: Visitor): Promise<string> {
  const answer = await as.get(`/resources/favorite/state?meadowId=${fixtures.meadowId}`);
  return JSON.stringify(await answer.json());
}

/** The member's name as their settings show it. */
async function settingsShown(_: Fixtures, as: Visitor): Promise<string> {
  const html = await (await as.get("/settings")).text();
  return /name="name"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? "(no settings)";
}

/** One row per route that takes a POST, by its path without language prefix. */
const TABLE: Record<string, Row> = {
  "/resources/locale": {
    form: () => ({ lang: "nl", redirectTo: "/about" }),
    visitor: { status: 302, location: "/nl/about" },
    member: { status: 302, location: "/nl/about" },
  },
  "/resources/colour-mode": {
    form: () => ({ mode: "dark", redirectTo: "/about" }),
    visitor: { status: 302, location: "/about" },
    member: { status: 302, location: "/about" },
  },
  "/resources/logout": {
    form: () => ({ redirectTo: "/about" }),
    visitor: { status: 302, location: "/about" },
    member: { status: 302, location: "/about" },
    shown: settingsShown,
    endsSession: true,
  },
  "/resources/favorite": {
    form: ({ meadowId }) => ({ meadowId, favorite: "true" }),
    visitor: 401,
    member: 200,
    shown: favoriteShown,
  },
  "/api/meadows/:id/photos": {
    form: () => photoForm(photoBytes),
    visitor: 401,
    // Any member may add photos to a meadow; only the owner and the photo's author delete them.
    member: 201,
    shown: meadowShown,
  },
  "/login": {
    form: () => ({ email: "nobody@example.org", password: "not-the-password" }),
    visitor: 401,
    // Signing in and registering are for visitors: a member is sent home.
    member: { status: 302, location: "/" },
  },
  "/register": {
    form: () => ({ name: "", email: "not-an-address", password: "x", confirmPassword: "y" }),
    visitor: 400,
    member: { status: 302, location: "/" },
  },
  "/verify-email": {
    form: () => ({ email: "not-an-address" }),
    visitor: 400,
    member: 400,
  },
  "/forgot-password": {
    form: () => ({ email: "not-an-address" }),
    visitor: 400,
    member: 400,
  },
  "/auth/callback": {
    // Only the link that undoes a change of address posts here; without its type and token
    // there is no such link.
    form: () => ({}),
    visitor: 404,
    member: 404,
  },
  "/reset-password": {
    form: () => ({
      token: "guessed",
      password: "nieuw-wachtwoord",
      confirmPassword: "nieuw-wachtwoord",
    }),
    // A link whose token is unknown or used answers as an expired one.
    visitor: 410,
    member: 410,
  },
  "/two-factor": {
    form: () => ({ code: "123456" }),
    visitor: 401,
    member: 401,
  },
  "/settings/profile": {
    form: () => ({ name: NEW_NAME }),
    visitor: "sign-in",
    member: { status: 302, location: "/settings" },
    shown: settingsShown,
  },
  "/settings/avatar": {
    form: () => ({ intent: "something-else" }),
    visitor: "sign-in",
    member: 400,
    shown: settingsShown,
  },
  // The forms that need the current password: a wrong one is refused and changes nothing.
  "/settings/password": {
    form: () => ({
      currentPassword: "niet-mijn-wachtwoord",
      password: "nieuw-wachtwoord",
      confirmPassword: "nieuw-wachtwoord",
    }),
    visitor: "sign-in",
    member: 400,
    shown: settingsShown,
  },
  "/settings/email": {
    form: () => ({ email: "not-an-address" }),
    visitor: "sign-in",
    member: 400,
    shown: settingsShown,
  },
  "/settings/two-factor": {
    form: () => ({ intent: "two-factor-enable", password: "niet-mijn-wachtwoord" }),
    visitor: "sign-in",
    member: 400,
    shown: settingsShown,
  },
  "/settings/delete-account": {
    form: () => ({ confirm: "delete", password: "niet-mijn-wachtwoord" }),
    visitor: "sign-in",
    member: 400,
    shown: settingsShown,
  },
  "/meadows/add": {
    form: (fixtures) => meadowForm(fixtures, { intent: "locate" }),
    visitor: "sign-in",
    member: 200,
  },
  "/meadows/:id": {
    form: ({ photoId }) => ({ intent: "delete-photo", photoId, confirm: "yes" }),
    visitor: "sign-in",
    member: 403,
    owner: 302,
    shown: meadowShown,
  },
  "/meadows/:id/edit": {
    form: (fixtures) => meadowForm(fixtures, { intent: "save", name: NEW_NAME }),
    visitor: "sign-in",
    member: 403,
    owner: 302,
    shown: meadowShown,
  },
};

/** Forms besides a row's own that must be refused the same way: deleting someone's meadow. */
const MORE_REFUSED: Array<{ key: string; form: Row["form"]; status: number }> = [
  { key: "/meadows/:id/edit", form: () => ({ intent: "delete", confirm: "yes" }), status: 403 },
  { key: "/meadows/:id/edit", form: () => ({ intent: "delete" }), status: 403 },
  { key: "/meadows/:id/edit", form: (f) => meadowForm(f, { intent: "locate" }), status: 403 },
  {
    key: "/meadows/:id",
    form: ({ photoId }) => ({ intent: "delete-photo", photoId }),
    status: 403,
  },
];

const EVIL_ORIGIN = "https://evil.example";

describe.each(appEngines)("state-changing routes on $name refuse whom they should", (engine) => {
  const database = appDatabase(engine);
  let smtp: TestSmtpServer;
  let app: AppProcess;
  let routes: ActionRoute[];
  let fixtures: Fixtures;
  let owner: Visitor;
  let member: Visitor;
  const visitor = () => new Visitor(() => app.url);

  beforeAll(async () => {
    routes = await actionRoutes();
    photoBytes = await png(640, 480);
    ({ app, smtp } = await startAppWithMail(database.env));
    owner = visitor();
    const { email: ownerEmail } = await signedInMember(owner, smtp, { name: "Olga Eigenaar" });
    member = visitor();
    await signedInMember(member, smtp, { name: "Sem Vreemd" });
    const meadowId = (await addMeadow(owner)).split("/").pop()!;
    const uploaded = await owner.postMultipart(
      `/api/meadows/${meadowId}/photos`,
      photoForm(photoBytes),
    );
    expect(uploaded.status).toBe(201);
    const { outcome } = (await uploaded.json()) as { outcome: { photoId?: string } };
    const page = await (await owner.get(`/meadows/${meadowId}`)).text();
    const photoId = outcome.photoId ?? /data-photo-id="([^"]+)"/.exec(page)![1]!;
    fixtures = { meadowId, photoId, ownerEmail };
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  /** Sends a form to `pattern` as `sender`, from `origin` when given, and returns the answer. */
  async function send(sender: Visitor, pattern: string, body: Body, origin?: string) {
    const path = fillPattern(pattern, { id: fixtures.meadowId });
    const headers = new Headers({ "x-forwarded-for": sender.ip, "accept-language": "en" });
    if (sender.cookie) headers.set("cookie", sender.cookie);
    headers.set("origin", origin ?? app.url);
    const response = await fetch(new URL(path, app.url), {
      method: "POST",
      headers,
      body: body instanceof FormData ? body : new URLSearchParams(body),
      redirect: "manual",
    });
    await response.arrayBuffer();
    return response;
  }

  /** The answer as `outcome` reads it, for messages that name what came instead. */
  function matches(response: Response, outcome: Outcome, pattern: string): boolean {
    const prefix = /^\/(en|nl)(?=\/)/.exec(pattern)?.[0] ?? "";
    const location = response.headers.get("location") ?? "";
    if (outcome === "sign-in") {
      return response.status === 302 && location.startsWith(`${prefix}/login?redirectTo=`);
    }
    if (typeof outcome === "number") return response.status === outcome;
    return response.status === outcome.status && location === outcome.location;
  }

  function expectOutcome(response: Response, outcome: Outcome, pattern: string) {
    const got = `${pattern}: ${response.status} ${response.headers.get("location") ?? ""}`;
    expect
      .soft(matches(response, outcome, pattern), `${got}, expected ${JSON.stringify(outcome)}`)
      .toBe(true);
  }

  it("has a row for every route that takes a POST, and no row for a route that does not", () => {
    const keys = [...new Set(routes.map((route) => route.key))].sort();
    expect(keys).toEqual(Object.keys(TABLE).sort());
  });

  it("refuses a post from another site to every route, with any sender's cookies", async () => {
    for (const route of routes) {
      const row = TABLE[route.key]!;
      for (const sender of [visitor(), member, owner]) {
        const before = await row.shown?.(fixtures, sender);
        const response = await send(sender, route.pattern, row.form(fixtures), EVIL_ORIGIN);
        expect(response.status, `${route.pattern} from another site`).toBe(403);
        expect(await row.shown?.(fixtures, sender), route.pattern).toBe(before);
      }
    }
  });

  it("answers a visitor who is not signed in as the table says, in every language", async () => {
    for (const route of routes) {
      const row = TABLE[route.key]!;
      const before = await row.shown?.(fixtures, owner);
      const response = await send(visitor(), route.pattern, row.form(fixtures));
      expectOutcome(response, row.visitor, route.pattern);
      if (typeof row.visitor !== "number" || row.visitor >= 300) {
        expect(await row.shown?.(fixtures, owner), route.pattern).toBe(before);
      }
    }
  });

  it("refuses a member what only the owner may do, and changes nothing", async () => {
    for (const route of routes.filter((route) => !/^\/(en|nl)\//.test(route.pattern))) {
      const row = TABLE[route.key]!;
      const sender = row.endsSession ? visitor() : member;
      if (row.endsSession) await signedInMember(sender, smtp, { name: "Eenmalig Lid" });
      const watcher = row.owner === undefined ? sender : owner;
      const before = await row.shown?.(fixtures, watcher);
      const response = await send(sender, route.pattern, row.form(fixtures));
      expectOutcome(response, row.member, route.pattern);
      if (typeof row.member === "number" && row.member >= 400) {
        expect(await row.shown?.(fixtures, watcher), route.pattern).toBe(before);
      }
    }
    for (const { key, form, status } of MORE_REFUSED) {
      const before = await meadowShown(fixtures, owner);
      const response = await send(member, key, form(fixtures));
      expect(response.status, `${key} ${JSON.stringify(form(fixtures))}`).toBe(status);
      expect(await meadowShown(fixtures, owner)).toBe(before);
    }
  });

  it("lets the owner do what the member was refused", async () => {
    for (const [key, row] of Object.entries(TABLE)) {
      if (row.owner === undefined) continue;
      const before = await row.shown!(fixtures, owner);
      expectOutcome(await send(owner, key, row.form(fixtures)), row.owner, key);
      expect(await row.shown!(fixtures, owner), key).not.toBe(before);
    }
  });
});
