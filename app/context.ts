import { createContext } from "react-router";
import type { Database } from "./adapters/db.server";
import type { Config } from "./env.server";
import type { Logger } from "./adapters/logger.server";

/** What the server hands every loader and action (see server/main.ts). */
export interface AppServices {
  config: Config;
  db: Database;
  logger: Logger;
  /** The version of the running build (see /version.json). */
  buildId: string;
}

export const appContext = createContext<AppServices>();
