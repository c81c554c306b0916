import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppWithMail } from "../support/app-with-mail";
import {
  orientedJpegWithGps,
  png,
  sixtyMegapixelPng,
  TEXT_NAMED_JPG,
  webp,
} from "../fixtures/images/generate";
import { type AppProcess } from "../support/app-process";
import { type TestSmtpServer } from "../support/smtp-server";
import { addMeadow, signedInMember } from "../support/members";
import { Visitor } from "../support/visitor";

/**
 * Photos on the production build, as a browser without JavaScript sends them (one multipart
 * form of several files) and as the page's upload with JavaScript does (one file per request to
 * the upload API), then served, shown and deleted.
 */

function form(files: { name: string; bytes: Buffer; type?: string }[], fields = {}) {
  const body = new FormData();
  body.set("intent", "upload-photos");
  for (const [name, value] of Object.entries(fields)) body.set(name, String(value));
  for (const file of files) {
    body.append(
      "photos",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }),
      file.name,
    );
  }
  return body;
}

/** The gallery's photo ids, in the order the page shows them. */
function photoIds(html: string): string[] {
  return [...html.matchAll(/data-photo-id="([^"]+)"/g)].map((match) => match[1]!);
}

describe("photos of a meadow", () => {
  let smtp: TestSmtpServer;
  let app: AppProcess;
  const visitor = () => new Visitor(() => app.url);
  let owner: Visitor;
  let author: Visitor;
  let stranger: Visitor;
  let meadowPath: string;

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail());
    const member = async (name: string) => {
      const browser = visitor();
      await signedInMember(browser, smtp, { name });
      return browser;
    };
    [owner, author, stranger] = [
      await member("Olga Eigenaar"),
      await member("Anna Fotograaf"),
      await member("Sem Vreemd"),
    ];
    meadowPath = await addMeadow(owner);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("asks visitors to sign in, with a link back to the meadow, in both languages", async () => {
    const id = meadowPath.split("/").pop()!;
    const english = await (await visitor().get(meadowPath)).text();
    expect(english).toMatch(
      new RegExp(
        `href="/login\\?redirectTo=%2Fmeadows%2F${id}"[^>]*>Log in to upload or delete photos<`,
      ),
    );
    expect(english).toContain("No photos yet.");
    // Until the first photo, the meadow is drawn there as its card draws it: without crops given,
    // a flower meadow with the parts for it alone.
    const empty = /<div class="gallery-empty"><div>(.*?)<\/div><p>/.exec(english)?.[1] ?? "";
    expect(empty).toMatch(
      /<svg viewBox="0 0 400 300"[^>]*><use href="#mp\w+h"><\/use><use href="#mp\w+f0"/,
    );
    expect([...empty.matchAll(/ id="mp\w+?(\w\d?)"/g)].map(([, part]) => part)).toEqual([
      "h",
      "f0",
      "f1",
    ]);
    const dutch = await (await visitor().get(`/nl${meadowPath}`)).text();
    expect(dutch).toMatch(
      new RegExp(
        `href="/nl/login\\?redirectTo=%2Fnl%2Fmeadows%2F${id}"[^>]*>Log in om foto&#x27;s te uploaden of te verwijderen<`,
      ),
    );
    // A visitor's post is sent to sign in first.
    const posted = await visitor().postMultipart(
      meadowPath,
      form([{ name: "a.webp", bytes: await webp() }]),
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const api = await visitor().postMultipart(`/api${meadowPath}/photos`, form([]));
    expect(api.status).toBe(401);
  });

  it("adds several files from one form, refusing each bad one with its own reason", async () => {
    const response = await author.postMultipart(
      meadowPath,
      form(
        [
          { name: "tuin.jpg", bytes: await orientedJpegWithGps() },
          // A PNG named .jpg is a PNG; a text file named .jpg is refused.
          { name: "stiekem-png.jpg", bytes: await png(800, 600) },
          { name: TEXT_NAMED_JPG.name, bytes: TEXT_NAMED_JPG.bytes },
        ],
        { caption: "Tulpen <b>in</b> april" },
      ),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("2 of 3 photos added.");
    expect(html).toContain(
      `<span class="font-medium">holiday.jpg</span>: <!-- -->not a JPEG, PNG, WebP or AVIF image`,
    );

    const page = await (await visitor().get(meadowPath)).text();
    expect(photoIds(page)).toHaveLength(2);
    expect(page).toContain("Anna Fotograaf");
    expect(page).toContain("Tulpen &lt;b&gt;in&lt;/b&gt; april");
    // Sizes in the markup (the upright 50x100 of the oriented JPEG), srcset by width, a colour
    // behind each image while it loads.
    expect(page).toMatch(
      /<img src="\/images\/photos\/[0-9a-f]{32}\/320w-1x\.webp" srcSet="[^"]+ 50w" sizes="[^"]+" width="50" height="100"/,
    );
    expect(page).toMatch(
      /srcSet="\/images\/photos\/[0-9a-f]{32}\/320w-1x\.webp 320w, [^"]+ 480w, [^"]+ 640w, [^"]+ 800w"/,
    );
    expect(page).toMatch(/style="background-color:#[0-9a-f]{6}"/);
    // The first photo is the meadow's picture in link previews.
    expect(page).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/images\/photos\/[0-9a-f]{32}\/1280w-1x\.webp"/,
    );
    expect(page).toMatch(/"image":"http:\/\/127\.0\.0\.1:\d+\/images\/photos\//);
  });

  it("makes the first photo the meadow's picture on cards, the home page and map pins", async () => {
    const page = await (await visitor().get(meadowPath)).text();
    const first = /\/images\/(photos\/[0-9a-f]{32})\//.exec(page)![1]!;
    const card = `/images/${first}/480w-1x.webp`;
    for (const path of ["/meadows", "/nl", "/"]) {
      expect(await (await visitor().get(path)).text(), path).toContain(`src="${card}"`);
    }
    const api = await fetch(`${app.url}/api/meadows?bbox=5.0,52.0,5.2,52.2&zoom=14`);
    const body = (await api.json()) as { kind: string; points: { photo?: { src: string } }[] };
    expect(body.kind).toBe("points");
    expect(body.points[0]?.photo?.src).toBe(card);
  });

  it("serves photos as WebP without any metadata, immutable, and answers conditional requests", async () => {
    const page = await (await visitor().get(meadowPath)).text();
    const urls = [
      ...new Set(
        [...page.matchAll(/\/images\/photos\/[0-9a-f]{32}\/\d+w-[12]x\.webp/g)].map((m) => m[0]),
      ),
    ];
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) {
      const response = await fetch(app.url + url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await response.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
      const etag = response.headers.get("etag")!;
      const again = await fetch(app.url + url, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
    }
  });

  it("refuses files over 15 MB and over 50 megapixels, in Dutch as well", async () => {
    const tooBig = Buffer.concat([await orientedJpegWithGps(), Buffer.alloc(15 * 1024 * 1024)]);
    const english = await author.postMultipart(
      meadowPath,
      form([{ name: "groot.jpg", bytes: tooBig }]),
    );
    expect(english.status).toBe(413);
    expect(await english.text()).toContain("</span>: <!-- -->larger than 15 MB");
    const dutch = await author.postMultipart(
      `/nl${meadowPath}`,
      form([{ name: "enorm.png", bytes: sixtyMegapixelPng(), type: "image/png" }]),
    );
    expect(dutch.status).toBe(413);
    expect(await dutch.text()).toContain("</span>: <!-- -->meer dan 50 megapixel");
    const none = await author.postMultipart(meadowPath, form([]));
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose one or more photos first.");
  });

  it("takes one photo per request from the upload API and answers JSON", async () => {
    const added = await author.postMultipart(
      `/api${meadowPath}/photos`,
      (() => {
        const body = new FormData();
        body.set("photo", new Blob([new Uint8Array(0)]), "empty.jpg");
        return body;
      })(),
    );
    expect(added.status).toBe(400);
    const body = new FormData();
    body.set(
      "photo",
      new Blob([new Uint8Array(await webp(640, 480))], { type: "image/webp" }),
      "veld.webp",
    );
    const response = await author.postMultipart(`/api${meadowPath}/photos`, body);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ outcome: { name: "veld.webp", added: true } });
    const text = new FormData();
    text.set("photo", new Blob([new Uint8Array(TEXT_NAMED_JPG.bytes)]), TEXT_NAMED_JPG.name);
    const refused = await author.postMultipart(`/api${meadowPath}/photos`, text);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({
      outcome: { name: "holiday.jpg", added: false, reason: "unsupported" },
    });
    expect(photoIds(await (await visitor().get(meadowPath)).text())).toHaveLength(3);
  });

  it("lets the author and the owner delete after confirming, and refuses anyone else with 403", async () => {
    const page = await (await author.get(meadowPath)).text();
    const [first, second] = photoIds(page);
    const fileOf = (html: string, id: string) =>
      new RegExp(`data-photo-id="${id}"><figure><a href="(/images/photos/[^"]+)"`).exec(html)![1]!;
    const firstFile = fileOf(page, first!);

    // The author's own confirmed request, replayed by another member: refused.
    const confirmed = { intent: "delete-photo", photoId: first!, confirm: "yes" };
    const replayed = await stranger.post(meadowPath, confirmed);
    expect(replayed.status).toBe(403);
    expect(await replayed.text()).toContain("Failed to delete photo");
    expect(
      (await stranger.post(meadowPath, { intent: "delete-photo", photoId: first! })).status,
    ).toBe(403);
    expect((await visitor().post(meadowPath, confirmed)).status).toBe(302);
    expect(photoIds(await (await visitor().get(meadowPath)).text())).toContain(first);

    // Without JavaScript the first press asks, the second deletes.
    const asked = await author.post(`/nl${meadowPath}`, {
      intent: "delete-photo",
      photoId: first!,
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Deze foto verwijderen?");
    const deleted = await author.post(meadowPath, confirmed);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe(`${meadowPath}#photos`);
    expect((await fetch(app.url + firstFile)).status).toBe(404);
    expect((await author.post(meadowPath, confirmed)).status).toBe(404);

    // The meadow's owner may delete a photo someone else added.
    const byOwner = await owner.post(meadowPath, { ...confirmed, photoId: second! });
    expect(byOwner.status).toBe(302);
    expect(photoIds(await (await visitor().get(meadowPath)).text())).not.toContain(second);
  });

  it("holds 60 photos per meadow and takes 60 an hour from a member, each with its message", async () => {
    const bytes = new Uint8Array(await webp(48, 32));
    const send = () => {
      const body = new FormData();
      body.set("photo", new Blob([bytes], { type: "image/webp" }), "klein.webp");
      return stranger.postMultipart(`/api${meadowPath}/photos`, body);
    };
    const already = photoIds(await (await visitor().get(meadowPath)).text()).length;
    for (let i = already; i < 60; i++) expect((await send()).status).toBe(201);
    const full = await send();
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ outcome: { reason: "meadowFull" } });
    for (let i = 60 - already + 1; i < 60; i++) await send();
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ outcome: { reason: "rateLimited" } });
    const page = await (await author.get(meadowPath)).text();
    expect(page).toContain("this meadow already has 60 photos, the most it can hold");
    expect(page).toContain("Show all 60 photos");
    const dutch = await author.postMultipart(
      `/nl${meadowPath}`,
      form([{ name: "nog-een.webp", bytes: Buffer.from(bytes), type: "image/webp" }]),
    );
    expect(dutch.status).toBe(409);
    expect(await dutch.text()).toContain("deze pluktuin heeft al 60 foto&#x27;s, het maximum");
  });

  it("removes the files with the meadow", async () => {
    const page = await (await visitor().get(meadowPath)).text();
    const files = [...page.matchAll(/\/images\/photos\/[0-9a-f]{32}\/320w-1x\.webp/g)].map(
      (m) => m[0],
    );
    expect(files.length).toBeGreaterThan(0);
    const edit = `${meadowPath}/edit`;
    expect((await owner.post(edit, { intent: "delete", confirm: "yes" })).status).toBe(302);
    for (const file of files) expect((await fetch(app.url + file)).status).toBe(404);
  });
});
