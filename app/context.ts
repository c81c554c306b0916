import { createContext } from "react-router";
import type { Database } from "./adapters/db.server";
import type { Config } from "./env.server";
import type { Logger } from "./adapters/logger.server";
import type { Limits } from "./adapters/limits.server";
import type { Mailer } from "./adapters/mail.server";
import type { ObjectStorage } from "./adapters/storage.server";
import type { Geocoder } from "./adapters/geocoder.server";
import type { PlaceNames } from "./adapters/places.server";
import type { Auth } from "./services/auth.server";

/** What the server hands every loader and action (see server/main.ts). */
export interface AppServices {
  config: Config;
  db: Database;
  logger: Logger;
  auth: Auth;
  mailer: Mailer;
  limits: Limits;
  storage: ObjectStorage;
  geocoder: Geocoder;
  /** The towns and regions the search box knows by name. */
  places: PlaceNames;
  /** The version of the running build (see /version.json). */
  buildId: string;
}

export const appContext = createContext<AppServices>();

/** The address the request came from (see server/forwarded.ts); for rate limits. */
export const clientIpContext = createContext<string>("unknown");

/**
 * What a request changed, for the anonymous page cache (ADR 26). A form post or other write
 * empties every cached page unless its action names the only pages it changed; a GET whose
 * loader writes names what it changed. Paths are without language prefix or query.
 */
export interface PageWrites {
  changedOnly(paths: string[]): void;
}

export const pageWritesContext = createContext<PageWrites>({ changedOnly: () => {} });
