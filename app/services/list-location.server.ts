import type { Geocoder } from "../adapters/geocoder.server";
import type { Limits } from "../adapters/limits.server";
import { COUNTRIES } from "../lib/schemas/meadow";
import type { ActiveLocation, MeadowSearch } from "../lib/schemas/meadow-search";
import type { Language } from "../lib/i18n";
import { LIMITS } from "./account-limits";

export interface ListLocation {
  near?: { lat: number; lng: number };
  location: ActiveLocation | null;
  /** A place was typed and could not be found, or the address may not ask for more now. */
  placeNotFound: boolean;
}

/**
 * Where the meadows list measures distance from. A typed place wins over coordinates; a place
 * the geocoder cannot find leaves the search without a location, and says so.
 *
 * An outside geocoder answers one request a second for the whole process: one visitor sending
 * many different places would make everyone's place searches wait, so each address may ask a
 * limited number of times. The embedded geocoder costs nothing and is not limited.
 */
export async function listLocation(
  search: Pick<MeadowSearch, "place" | "lat" | "lng">,
  {
    geocoder,
    limits,
    outsideGeocoder,
    ip,
    language,
  }: {
    geocoder: Geocoder;
    limits: Limits;
    outsideGeocoder: boolean;
    ip: string;
    language: Language;
  },
): Promise<ListLocation> {
  if (search.place) {
    if (outsideGeocoder) {
      const allowed = (await limits.hit(`place:ip:${ip}`, LIMITS.placeSearchesPerIp)).allowed;
      if (!allowed) return { location: null, placeNotFound: true };
    }
    const found = await geocoder.search(search.place, { language, countries: [...COUNTRIES] });
    if (!found) return { location: null, placeNotFound: true };
    return {
      near: { lat: found.lat, lng: found.lng },
      location: { kind: "place", label: found.label },
      placeNotFound: false,
    };
  }
  if (search.lat !== undefined && search.lng !== undefined) {
    return {
      near: { lat: search.lat, lng: search.lng },
      location: { kind: "device" },
      placeNotFound: false,
    };
  }
  return { location: null, placeNotFound: false };
}
