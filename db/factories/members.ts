import type { Database } from "../../app/adapters/db.server";
import { users, type NewUser } from "../schema";

/*
 * Members as rows, for the tests, the demo seed and the benchmarks: `memberRow` builds one that
 * the database accepts, `insertMembers` writes them. Members who sign in (with a password and a
 * session) come from registering through the app instead (tests/support/members.ts).
 */

let made = 0;

/** A member with `overrides`; the id, and the address made from it, are unique in this process. */
export function memberRow(overrides: Partial<NewUser> = {}): NewUser & { id: string } {
  const id = overrides.id ?? `member-${process.pid}-${++made}`;
  return { name: "Mila Bakker", email: `${id}@example.org`, ...overrides, id };
}

/** Writes one member row per entry of `members` and returns the rows written. */
export async function insertMembers(db: Database, members: Partial<NewUser>[]) {
  const rows = members.map(memberRow);
  if (rows.length > 0) await db.insert(users).values(rows);
  return rows;
}

export async function insertMember(db: Database, overrides: Partial<NewUser> = {}) {
  const row = memberRow(overrides);
  await db.insert(users).values(row);
  return row;
}
