// Recording the statements a service runs, so that `npm run bench:search` can EXPLAIN each of them
// as it ran, under the same settings.
import type { SQL } from "drizzle-orm";
import type { Database } from "../app/adapters/db.server.ts";

export interface Recorded {
  statement: SQL;
  /**
   * `set local …` or `select set_config(…)` run before it in the same transaction, to EXPLAIN it
   * under the same settings.
   */
  settings: SQL[];
}

/** The SQL text of a drizzle query, as the database receives it, and its parameters. */
function sqlQuery(db: Database, query: SQL): { sql: string; params: unknown[] } {
  const { dialect } = db as unknown as {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  };
  return dialect.sqlToQuery(query);
}

function sqlText(db: Database, query: SQL): string {
  return sqlQuery(db, query).sql;
}

/** A statement's text with its parameters after it, to show what ran. */
export function shownWithParameters(db: Database, query: SQL): string {
  const { sql: text, params } = sqlQuery(db, query);
  return params.length ? `${text} with ${JSON.stringify(params)}` : text;
}

/** The database handle with every raw statement recorded, to EXPLAIN what the service ran. */
export function recording(db: Database): { db: Database; statements: Recorded[] } {
  const statements: Recorded[] = [];
  const wrap = (handle: Database, settings: SQL[] | undefined): Database =>
    new Proxy(handle, {
      get(target, property, receiver) {
        if (property === "execute") {
          return (query: SQL) => {
            const text = sqlText(db, query);
            if (/^\s*explain/i.test(text)) {
              // The service's own planner estimate; nothing to explain.
            } else if (settings && /^\s*(set local|select set_config)/i.test(text)) {
              settings.push(query);
            } else {
              statements.push({ statement: query, settings: [...(settings ?? [])] });
            }
            return target.execute(query);
          };
        }
        if (property === "transaction") {
          return (work: (tx: Database) => Promise<unknown>) =>
            target.transaction((tx) => work(wrap(tx as unknown as Database, [])));
        }
        return Reflect.get(target, property, receiver);
      },
    });
  return { db: wrap(db, undefined), statements };
}
