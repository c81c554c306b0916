import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertMember } from "../../db/factories/members";
import { accounts } from "../../db/schema";
import { migratedDatabase, testEngines, type TestEngine } from "../../tests/support/databases";
import { createDatabaseLimits, createRedisLimits, type Limits } from "~/adapters/limits.server";
import { createLogger } from "~/adapters/logger.server";
import type { MailMessage } from "~/adapters/mail.server";
import { openRedis, type RedisHandle } from "~/adapters/redis.server";
import {
  createSignInThrottle,
  type KnownDevice,
  type OpenSignInGate,
  type SignInGate,
  type SignInThrottle,
} from "./sign-in-throttle.server";

const testRedisUrl = process.env.TEST_REDIS_URL || undefined;
const pglite = testEngines.find((engine) => engine.name === "pglite")!;

/** The database each run uses, and where its counters live: the database, or Redis beside it. */
const setups: Array<{ name: string; engine: TestEngine; redis: boolean }> = [
  ...testEngines.map((engine) => ({ name: engine.name, engine, redis: false })),
  ...(testRedisUrl ? [{ name: "pglite with limits in redis", engine: pglite, redis: true }] : []),
];

const PASSWORD = "tulpen-in-april";

function opened(gate: SignInGate): OpenSignInGate {
  if (!gate.allowed) throw new Error(`refused: ${gate.reason}`);
  return gate;
}

describe.each(setups)("sign-in throttle on $name", ({ engine, redis }) => {
  const database = migratedDatabase(engine);
  let redisHandle: RedisHandle | undefined;
  let limits: Limits;
  let throttle: SignInThrottle;
  let passwordHash: string;
  const mails: MailMessage[] = [];
  let run = 0;
  const unique = (name: string) => `${name}+${++run}-${randomBytes(3).toString("hex")}@example.org`;
  let addresses = 0;
  const freshIp = () => `203.0.113.${++addresses}`;

  beforeAll(async () => {
    if (redis) {
      redisHandle = await openRedis(testRedisUrl!);
      // Keys of this run only, beside whatever else the server holds; they expire.
      limits = createRedisLimits(
        redisHandle.client,
        Date.now,
        `plukweide-test:${randomBytes(6).toString("hex")}:`,
      );
    } else {
      limits = createDatabaseLimits(database.db);
    }
    throttle = createSignInThrottle({
      db: database.db,
      limits,
      mailer: { send: async (message) => void mails.push(message) },
      logger: createLogger("silent"),
      appUrl: new URL("https://plukweide.example"),
    });
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(async () => {
    await redisHandle?.close();
  });
  beforeEach(() => {
    mails.length = 0;
  });

  /** An account with PASSWORD, as Better Auth stores it. */
  async function member(locale = "en") {
    const id = randomBytes(12).toString("hex");
    const email = unique("anna");
    await insertMember(database.db, { id, name: "Anna de Vries", email, locale });
    await database.db.insert(accounts).values({
      id: `${id}-credential`,
      accountId: id,
      providerId: "credential",
      userId: id,
      password: passwordHash,
    });
    return { id, email };
  }

  /** A wrong password from `ip` (with `device`'s cookie), as the sign-in form counts it. */
  async function fail(email: string, ip: string, device?: KnownDevice) {
    await throttle.failed(opened(await throttle.admit({ ip, email, device })));
  }

  it("checks a password against the account, and an unknown address against nothing", async () => {
    const { email } = await member();
    const known = opened(await throttle.admit({ ip: freshIp(), email, device: undefined }));
    expect(await throttle.passwordMatches(known, PASSWORD)).toBe(true);
    expect(await throttle.passwordMatches(known, "tulpen-in-mei")).toBe(false);
    expect(await throttle.passwordMatches(known, PASSWORD + "x".repeat(200))).toBe(false);
    const unknown = opened(
      await throttle.admit({ ip: freshIp(), email: unique("nobody"), device: undefined }),
    );
    expect(unknown.account).toBeUndefined();
    expect(await throttle.passwordMatches(unknown, PASSWORD)).toBe(false);
  });

  it("refuses unknown browsers after five failures for an account, even the right password", async () => {
    const owner = await member();
    const attacker = freshIp();
    for (let attempt = 1; attempt <= 5; attempt++) await fail(owner.email, attacker);
    for (const ip of [attacker, freshIp()]) {
      const gate = await throttle.admit({ ip, email: owner.email, device: undefined });
      expect(gate).toMatchObject({ allowed: false, reason: "account" });
      expect(gate.allowed || gate.retryAfter).toBeGreaterThan(0);
      expect(gate.allowed || gate.retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // Another account from the same address is not affected.
    const other = await member();
    expect(
      (await throttle.admit({ ip: attacker, email: other.email, device: undefined })).allowed,
    ).toBe(true);
  });

  it("lets the owner's device in during the lockout, and nobody else's", async () => {
    const owner = await member();
    const ownDevice = await throttle.deviceSignedIn(owner.id, undefined);
    const stranger = await member();
    const strangersDevice = await throttle.deviceSignedIn(stranger.id, undefined);
    const attacker = freshIp();
    for (let attempt = 1; attempt <= 5; attempt++) await fail(owner.email, attacker);

    const own = opened(
      await throttle.admit({ ip: freshIp(), email: owner.email, device: ownDevice }),
    );
    expect(own.device).toEqual(ownDevice);
    expect(await throttle.passwordMatches(own, PASSWORD)).toBe(true);
    // A cookie of another account gives nothing.
    expect(
      await throttle.admit({ ip: freshIp(), email: owner.email, device: strangersDevice }),
    ).toMatchObject({ allowed: false, reason: "account" });
  });

  it("limits the owner's device on its own: five failures, then refused until it succeeds", async () => {
    const owner = await member();
    const device = await throttle.deviceSignedIn(owner.id, undefined);
    for (let attempt = 1; attempt <= 5; attempt++) await fail(owner.email, freshIp(), device);
    expect(await throttle.admit({ ip: freshIp(), email: owner.email, device })).toMatchObject({
      allowed: false,
      reason: "client",
    });
    // The device's failures are its own: the account is open to other browsers, and no mail.
    expect(
      (await throttle.admit({ ip: freshIp(), email: owner.email, device: undefined })).allowed,
    ).toBe(true);
    expect(mails).toEqual([]);

    // Signing in on it (say, after a password reset elsewhere) forgets its failures.
    expect(await throttle.deviceSignedIn(owner.id, device)).toEqual(device);
    expect((await throttle.admit({ ip: freshIp(), email: owner.email, device })).allowed).toBe(
      true,
    );
  });

  it("gives a browser a new device for another account, and keeps its own for the same", async () => {
    const anna = await member();
    const bram = await member();
    const annas = await throttle.deviceSignedIn(anna.id, undefined);
    expect(annas.userId).toBe(anna.id);
    expect(annas.nonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await throttle.deviceSignedIn(anna.id, annas)).toEqual(annas);
    const brams = await throttle.deviceSignedIn(bram.id, annas);
    expect(brams.userId).toBe(bram.id);
    expect(brams.nonce).not.toBe(annas.nonce);
  });

  it("limits one address to twenty failures, whatever the accounts", async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 20; attempt++) await fail(unique("someone"), ip);
    const owner = await member();
    expect(await throttle.admit({ ip, email: owner.email, device: undefined })).toMatchObject({
      allowed: false,
      reason: "client",
    });
    expect(
      (await throttle.admit({ ip: freshIp(), email: owner.email, device: undefined })).allowed,
    ).toBe(true);
  });

  it("starts an account's count again after its right password", async () => {
    const owner = await member();
    for (let attempt = 1; attempt <= 4; attempt++) await fail(owner.email, freshIp());
    await throttle.succeeded(
      opened(await throttle.admit({ ip: freshIp(), email: owner.email, device: undefined })),
    );
    for (let attempt = 1; attempt <= 4; attempt++) await fail(owner.email, freshIp());
    expect(
      (await throttle.admit({ ip: freshIp(), email: owner.email, device: undefined })).allowed,
    ).toBe(true);
  });

  it("mails the owner once when the account locks, in their language, with the reset page", async () => {
    const owner = await member("nl");
    for (let attempt = 1; attempt <= 4; attempt++) await fail(owner.email, freshIp());
    expect(mails).toEqual([]);
    await fail(owner.email, freshIp());
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(owner.email);
    expect(mails[0]!.subject).toBe("Iemand probeert in te loggen op je Plukweide-account");
    expect(mails[0]!.text).toContain("https://plukweide.example/nl/forgot-password");

    // Refused attempts count nothing; failures once the account is open again send no more
    // mail that day.
    expect(
      (await throttle.admit({ ip: freshIp(), email: owner.email, device: undefined })).allowed,
    ).toBe(false);
    await limits.reset(`sign-in:account:${owner.email}`);
    for (let attempt = 1; attempt <= 5; attempt++) await fail(owner.email, freshIp());
    expect(mails).toHaveLength(1);
  });

  it("mails once when failures lock the account at the same moment", async () => {
    const owner = await member();
    const gates = await Promise.all(
      Array.from({ length: 8 }, async () =>
        opened(await throttle.admit({ ip: freshIp(), email: owner.email, device: undefined })),
      ),
    );
    await Promise.all(gates.map((gate) => throttle.failed(gate)));
    expect(mails.map((mail) => mail.to)).toEqual([owner.email]);
  });

  it("counts an unknown address like an account, and mails nobody", async () => {
    const nobody = unique("nobody");
    for (let attempt = 1; attempt <= 5; attempt++) await fail(nobody, freshIp());
    expect(await throttle.admit({ ip: freshIp(), email: nobody, device: undefined })).toMatchObject(
      { allowed: false, reason: "account" },
    );
    expect(mails).toEqual([]);
  });
});
