import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../scripts/cluster.ts";
import { testDatabaseUrl } from "../support/databases";
import { UTRECHT_MEADOW } from "../../db/factories/meadow-form";
import { addMeadow, register } from "../support/members";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { Visitor } from "../support/visitor";

/**
 * `npm run cluster` as README's "Deploying at scale" describes it: two app processes behind nginx
 * on one PostgreSQL with a streaming replica, photos in an S3-compatible store and rate limits in
 * Redis. What one process does, the other must see.
 */

const tools = ["nginx", "redis-server"].filter(
  (tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0,
);
if (process.env.CI && tools.length > 0) {
  throw new Error(`The cluster tests need ${tools.join(" and ")} (Debian's packages)`);
}

const LOCKED =
  "Too many failed attempts to sign in to this account. Please wait a few minutes, or sign in on a device where you signed in before.";

async function queryRows<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("the condition did not hold in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Outcome {
  label: string;
  status: number;
  /** When the request was sent and when its answer (or failure) was complete. */
  sentAt: number;
  doneAt: number;
  error?: string;
  /** The answer's status had arrived when the request failed: it broke off mid-answer. */
  answerBegan?: boolean;
}

/**
 * Sends again, once, a request whose connection to nginx closed before any answer came, as
 * browsers do with a reused connection: nginx closes its idle connections when it reloads its
 * configuration, and a request can leave on one at that moment. Whatever reached nginx is the
 * app's to answer, and a failure there still fails the journey.
 */
async function asBrowserSends(send: () => Promise<Response>): Promise<Response> {
  try {
    return await send();
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (!["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"].includes(code ?? "")) throw error;
    return send();
  }
}

/** A signed-in member, the favorites whose change was acknowledged, and those left unsure. */
interface Member {
  visitor: Visitor;
  email: string;
  favorites: Map<string, boolean>;
  /** Meadows whose last change broke off unanswered: stored or not, the member cannot tell. */
  unsure: Set<string>;
}

/**
 * Visitors browsing and members setting favorites through nginx, `workers` at a time, until
 * `during` has finished (with `forms`, visitors also send a form that nginx passes on to no
 * other process once sent: their colour mode): every answer's status (0 when the request itself
 * failed).
 */
async function underLoad(
  baseUrl: string,
  members: Member[],
  meadowIds: string[],
  during: () => Promise<void>,
  { workers = 8, forms = false }: { workers?: number; forms?: boolean } = {},
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let running = true;
  // One change of a member's heart at a time, as one browser makes them: two at once could be
  // answered in another order than they were carried out, and the member's last acknowledged
  // wish would then not be the last one stored.
  const changing = new Set<string>();
  const kinds = forms ? 5 : 4;
  const worker = async (index: number) => {
    const visitor = new Visitor(() => baseUrl);
    for (let round = 0; running; round++) {
      const member = members[(index + round) % members.length]!;
      const meadowId = meadowIds[round % meadowIds.length]!;
      const heart = `${(index + round) % members.length}:${meadowId}`;
      const kind = round % kinds === 3 && changing.has(heart) ? 2 : round % kinds;
      const label =
        kind === 3
          ? "POST /resources/favorite"
          : kind === 4
            ? "POST /resources/colour-mode"
            : `GET ${["/", "/meadows?sort=name", `/meadows/${meadowId}`][kind]!}`;
      const sentAt = Date.now();
      let answerBegan = false;
      try {
        if (kind === 4) {
          // A form nginx passes on to no other process once sent (deploy/nginx.conf).
          const response = await asBrowserSends(() =>
            visitor.post("/resources/colour-mode", { mode: round % 2 ? "dark" : "light" }),
          );
          await response.arrayBuffer();
          outcomes.push({ label, status: response.status, sentAt, doneAt: Date.now() });
        } else if (kind === 3) {
          changing.add(heart);
          try {
            const wanted = !(member.favorites.get(meadowId) ?? false);
            // Until it is acknowledged, the member cannot know whether the change was made.
            member.unsure.add(meadowId);
            const response = await asBrowserSends(() =>
              member.visitor.post("/resources/favorite", { meadowId, favorite: String(wanted) }),
            );
            answerBegan = true;
            // Only an acknowledged change counts as the member's wish.
            await response.arrayBuffer();
            if (response.status === 200) member.favorites.set(meadowId, wanted);
            member.unsure.delete(meadowId);
            outcomes.push({ label, status: response.status, sentAt, doneAt: Date.now() });
          } finally {
            changing.delete(heart);
          }
        } else {
          const response = await asBrowserSends(() => visitor.get(label.slice(4)));
          await response.arrayBuffer();
          outcomes.push({ label, status: response.status, sentAt, doneAt: Date.now() });
        }
      } catch (error) {
        outcomes.push({
          label,
          status: 0,
          sentAt,
          doneAt: Date.now(),
          error: String(error),
          answerBegan,
        });
      }
    }
  };
  const load = Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  try {
    await during();
  } finally {
    running = false;
    await load;
  }
  return outcomes;
}

function failures(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter((outcome) => outcome.status === 0 || outcome.status >= 500);
}

describe.skipIf(!testDatabaseUrl || tools.length > 0)("two app processes behind nginx", () => {
  let cluster: Cluster;
  let smtp: TestSmtpServer;
  const database = `plukweide_cluster_test_${process.pid}`;
  const site = () => new URL(cluster.url);
  /** A browser that talks to app process `index` directly, as if through nginx. */
  const at = (index: number) => () => `http://127.0.0.1:${cluster.apps[index]!.port}`;
  const browserAt = (index: number) => new Visitor(at(index), site());

  beforeAll(async () => {
    smtp = await startSmtpServer();
    cluster = await startCluster({
      postgresUrl: testDatabaseUrl,
      database,
      appEnv: { SMTP_URL: smtp.url, SEED_DEMO: "false" },
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await smtp?.close();
    const admin = new URL(testDatabaseUrl!);
    admin.pathname = "/postgres";
    await queryRows(admin.href, `drop database if exists "${database}" with (force)`);
  }, 60_000);

  it("runs the migrations once when both processes start together", async () => {
    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
      entries: unknown[];
    };
    const [applied] = await queryRows<{ rows: string; hashes: string }>(
      cluster.primaryUrl,
      "select count(*)::text as rows, count(distinct hash)::text as hashes from drizzle.__drizzle_migrations",
    );
    expect(Number(applied!.rows)).toBe(journal.entries.length);
    expect(Number(applied!.hashes)).toBe(journal.entries.length);
    for (const app of cluster.apps) {
      expect((await fetch(`http://127.0.0.1:${app.port}/healthz`)).status).toBe(200);
    }
  });

  it("keeps a session made through one process on the other", async () => {
    let target = 0;
    const member = new Visitor(() => at(target)(), site());
    const { link } = await register(member, smtp, { name: "Noor Visser" });
    const confirmation = new URL(link);
    expect(confirmation.origin).toBe(cluster.url);
    // The emailed link, followed through the other process, signs the member in.
    target = 1;
    expect((await member.get(confirmation.pathname + confirmation.search)).status).toBe(302);
    for (const index of [0, 1, 0]) {
      target = index;
      const settings = await member.get("/settings");
      expect(settings.status).toBe(200);
      expect(await settings.text()).toContain("Noor Visser");
    }
  });

  it("serves a photo uploaded through one process from the other", async () => {
    const member = browserAt(0);
    const { link } = await register(member, smtp);
    const confirmation = new URL(link);
    expect((await member.get(confirmation.pathname + confirmation.search)).status).toBe(302);
    const meadowPath = await addMeadow(member);
    const body = new FormData();
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: "#5a8f3c" },
    })
      .jpeg()
      .toBuffer();
    body.set("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "wei.jpg");
    expect((await member.postMultipart(`/api${meadowPath}/photos`, body)).status).toBe(201);

    // Visitors read from the replica: the page shows the photo once the replica has its row.
    let image: string | undefined;
    await eventually(async () => {
      const page = await (await new Visitor(at(1), site()).get(meadowPath)).text();
      image = /\/images\/photos\/[0-9a-f]{32}\/[\w.-]+\.webp/.exec(page)?.[0];
      return image !== undefined;
    });
    for (const index of [0, 1]) {
      const response = await fetch(`${at(index)()}${image}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
    }
    // Through nginx, the second visitor gets nginx's copy (deploy/nginx.conf).
    const throughNginx = async () => {
      const response = await fetch(`${cluster.url}${image}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      return { status: response.status, cache: response.headers.get("x-cache-status"), bytes };
    };
    const first = await throughNginx();
    const second = await throughNginx();
    expect(first.status).toBe(200);
    expect(first.cache).toBe("MISS");
    expect(second.cache).toBe("HIT");
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  it("counts failed sign-ins across both processes", async () => {
    const owner = browserAt(0);
    const password = "zonnebloem-2026";
    const { email, link } = await register(owner, smtp, { password });
    const confirmation = new URL(link);
    expect((await owner.get(confirmation.pathname + confirmation.search)).status).toBe(302);
    // Five wrong passwords for the account, spread over both processes, lock it for new browsers.
    for (let attempt = 0; attempt < 5; attempt++) {
      const attacker = new Visitor(at(attempt % 2), site());
      const refused = await attacker.post("/login", { email, password: `fout-${attempt}` });
      expect(refused.status).toBe(401);
    }
    for (const index of [0, 1]) {
      const locked = await new Visitor(at(index), site()).post("/login", { email, password });
      expect(locked.status).toBe(429);
      expect(await locked.text()).toContain(LOCKED);
    }
  });

  it("finds a new meadow for visitors once the replica has it, and shows it to its member at once", async () => {
    const member = new Visitor(() => cluster.url);
    const { link } = await register(member, smtp);
    expect((await member.get(link)).status).toBe(302);
    // With the replica's replay paused, visitors read the past and the member the present.
    await queryRows(cluster.readUrl, "select pg_wal_replay_pause()");
    await eventually(async () => {
      const [state] = await queryRows<{ state: string }>(
        cluster.readUrl,
        "select pg_get_wal_replay_pause_state() as state",
      );
      return state?.state === "paused";
    });
    const name = `Pluktuin Replica ${process.pid}`;
    let meadowPath: string;
    try {
      meadowPath = await addMeadow(member, {
        ...UTRECHT_MEADOW,
        name,
        addressExtra: "",
      });
      const search = `/meadows?q=${encodeURIComponent(name)}`;
      // The search box echoes the name; the result's link names the meadow.
      expect(await (await member.get(search)).text()).toContain(`href="${meadowPath}"`);
      expect((await member.get(meadowPath)).status).toBe(200);
      const visitor = new Visitor(() => cluster.url);
      expect(await (await visitor.get(search)).text()).not.toContain(`href="${meadowPath}"`);
      expect((await visitor.get(meadowPath)).status).toBe(404);
    } finally {
      await queryRows(cluster.readUrl, "select pg_wal_replay_resume()");
    }
    const visitor = new Visitor(() => cluster.url);
    await eventually(async () =>
      (await (await visitor.get(`/meadows?q=${encodeURIComponent(name)}`)).text()).includes(
        `href="${meadowPath}"`,
      ),
    );
    expect((await visitor.get(meadowPath)).status).toBe(200);
  });
  describe("under load", () => {
    const members: Member[] = [];
    const meadowIds: string[] = [];

    beforeAll(async () => {
      const owner = new Visitor(() => cluster.url);
      const { link } = await register(owner, smtp);
      expect((await owner.get(link)).status).toBe(302);
      for (let index = 0; index < 3; index++) {
        const meadowPath = await addMeadow(owner, {
          ...UTRECHT_MEADOW,
          name: `Pluktuin onder last ${index}`,
          addressExtra: "",
        });
        meadowIds.push(meadowPath.split("/").pop()!);
      }
      for (let index = 0; index < 3; index++) {
        const visitor = new Visitor(() => cluster.url);
        const registered = await register(visitor, smtp);
        expect((await visitor.get(registered.link)).status).toBe(302);
        members.push({ visitor, email: registered.email, favorites: new Map(), unsure: new Set() });
      }
      // The replica has the meadows, so visitors' pages find them.
      await eventually(async () => (await cluster.replica.lag()) === 0);
    }, 120_000);

    async function storedFavorites(): Promise<Set<string>> {
      const rows = await queryRows<{ meadow_id: string; email: string }>(
        cluster.primaryUrl,
        "select favorites.meadow_id, users.email from favorites join users on users.id = favorites.user_id",
      );
      return new Set(rows.map((row) => `${row.email}:${row.meadow_id}`));
    }

    /**
     * Each member's favorites page shows what is stored: every acknowledged change, and for a
     * change whose answer broke off, whichever state it left.
     */
    async function expectFavoritesAsAcknowledged() {
      const stored = await storedFavorites();
      let expected = 0;
      for (const member of members) {
        const page = await (await member.visitor.get("/favorites")).text();
        const meadowIds = new Set([...member.favorites.keys(), ...member.unsure]);
        for (const meadowId of meadowIds) {
          const isStored = stored.has(`${member.email}:${meadowId}`);
          const wanted = member.unsure.has(meadowId) ? isStored : member.favorites.get(meadowId)!;
          expect(page.includes(`href="/meadows/${meadowId}"`)).toBe(wanted);
          expect(isStored).toBe(wanted);
          if (wanted) expected += 1;
        }
      }
      expect(stored.size).toBe(expected);
    }

    it("restarts one process after the other without a failed request", async () => {
      const [first, second] = cluster.apps;
      const deploy = async () => {
        await sleep(1_000);
        // As a deployment does it: stop one (it finishes what it has), start its successor.
        await first!.stop();
        const third = await cluster.startApp("app-3");
        cluster.nginx.reload([second!.port, third.port]);
        await sleep(1_000);
        await second!.stop();
        const fourth = await cluster.startApp("app-4");
        cluster.nginx.reload([third.port, fourth.port]);
        await sleep(1_000);
      };
      // Forms too: a process told to stop answers every request that reaches it.
      const outcomes = await underLoad(cluster.url, members, meadowIds, deploy, { forms: true });
      expect(outcomes.length).toBeGreaterThan(50);
      expect(failures(outcomes)).toEqual([]);
      const forms = outcomes.filter((outcome) => outcome.label === "POST /resources/colour-mode");
      expect(forms.length).toBeGreaterThan(5);
      expect(new Set(forms.map((outcome) => outcome.status))).toEqual(new Set([302]));
      // Each stopped process finished what reached it before its deadline (ADR 44).
      for (const stopped of [first!, second!]) {
        expect(stopped.logs()).toContain('"msg":"stopped"');
        expect(stopped.logs()).not.toContain("drain deadline reached");
      }
      await expectFavoritesAsAcknowledged();
    }, 300_000);

    it("keeps serving from the other process when one is killed, losing no favorite", async () => {
      const serving = cluster.running();
      expect(serving).toHaveLength(2);
      let killedAt = 0;
      const outcomes = await underLoad(cluster.url, members, meadowIds, async () => {
        await sleep(1_500);
        killedAt = Date.now();
        serving[0]!.child.kill("SIGKILL");
        await sleep(3_000);
      });
      expect(outcomes.length).toBeGreaterThan(50);
      // A page whose first bytes were already on their way cannot be sent again: only answers
      // in flight at the moment of the kill may break off, and nothing after it. nginx hands a
      // favorite that reached no answer to the other process, so none fails before its answer
      // began; one cut mid-answer is left unsure, and the store must agree with the page.
      const failed = failures(outcomes);
      expect(
        failed.filter((outcome) => outcome.label.startsWith("POST") && !outcome.answerBegan),
      ).toEqual([]);
      for (const outcome of failed) {
        expect(outcome.sentAt).toBeLessThanOrEqual(killedAt);
      }
      expect(failed.length).toBeLessThanOrEqual(8);
      expect(outcomes.filter((outcome) => outcome.sentAt > killedAt).length).toBeGreaterThan(20);
      await expectFavoritesAsAcknowledged();
    }, 120_000);
  });
});
