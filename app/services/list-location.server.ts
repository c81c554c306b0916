import type { Geocoder } from "../adapters/geocoder.server";
import type { Limits } from "../adapters/limits.server";
import { pickPlace, type NamedPlace, type PlaceNames } from "../adapters/places.server";
import { countryName } from "../lib/country-names";
import { foldWords } from "../lib/fold";
import { COUNTRIES } from "../lib/schemas/meadow";
import type { ActiveLocation, MeadowSearch } from "../lib/schemas/meadow-search";
import type { Language } from "../lib/i18n";
import { LIMITS } from "./account-limits";

/** Another place of the typed name, for "did you mean": its name, where it is, and a link's pin. */
export interface OtherPlace {
  name: string;
  /** "near Enschede, Netherlands": what tells it apart. */
  landmark?: string;
  country: string;
  lat: number;
  lng: number;
}

export interface ListLocation {
  near?: { lat: number; lng: number };
  /** A region's reach, the distance when none is chosen ("de Betuwe": 25 km). */
  radiusKm?: number;
  /** Other places of the typed name, when the one chosen does not stand out. */
  otherPlaces?: OtherPlace[];
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
 *
 * A name of the embedded gazetteer or of a region (PlaceNames) is placed without the geocoder,
 * as the search box reads it: "Bergen" is the likeliest Bergen, with the others offered, and
 * `placeAt` says which of its places is meant.
 */
export async function listLocation(
  search: Pick<MeadowSearch, "place" | "placeAt" | "lat" | "lng">,
  {
    geocoder,
    places,
    limits,
    outsideGeocoder,
    ip,
    language,
  }: {
    geocoder: Geocoder;
    places: PlaceNames;
    limits: Limits;
    outsideGeocoder: boolean;
    ip: string;
    language: Language;
  },
): Promise<ListLocation> {
  if (search.place) {
    const pick = pickPlace(await places.named(foldWords(search.place), language), search.placeAt);
    if (pick) {
      const { place } = pick;
      const answer: ListLocation = {
        near: { lat: place.lat, lng: place.lng },
        location: { kind: "place", label: placeLabel(place, language) },
        placeNotFound: false,
      };
      if (place.radiusKm !== undefined) answer.radiusKm = place.radiusKm;
      if (pick.others.length > 0) {
        answer.otherPlaces = await Promise.all(
          pick.others.slice(0, OTHER_PLACES_MAX).map(async (other) => {
            const landmark = other.kind === "town" ? await places.landmarkNear(other) : undefined;
            return {
              name: other.name,
              ...(landmark ? { landmark } : {}),
              country: countryName(other.country, language),
              lat: other.lat,
              lng: other.lng,
            };
          }),
        );
      }
      return answer;
    }
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

/** How many other places of a name the list offers. */
const OTHER_PLACES_MAX = 4;

function placeLabel(place: NamedPlace, language: Language): string {
  return place.kind === "region"
    ? place.name
    : `${place.name}, ${countryName(place.country, language)}`;
}
