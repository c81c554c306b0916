import {
  cropById,
  cropMonthValue,
  inCatalogueOrder,
  isCropId,
  isMonth,
  maskMonths,
  MAX_CROPS_PER_MEADOW,
  monthMask,
  type MeadowCrop,
} from "~/lib/crops";
import { COUNTRIES } from "~/lib/countries";
import { textTooLong } from "~/lib/form-errors";
import { derivedHours, HOURS_SYNTAX_MAX, openMonths } from "~/lib/opening-hours";
import { z } from "./zod";

/*
 * The add/edit meadow form, one schema for the browser (Conform) and the action. Messages are
 * catalogue keys (validation.*). Optional fields come out as null when left empty; text is
 * trimmed but otherwise kept as the member typed it, except the website (a scheme is added when
 * missing) and Instagram (reduced to the bare handle).
 */

export { COUNTRIES, isCountry, type Country } from "~/lib/countries";

export const MEADOW_NAME_MIN = 3;
export const MEADOW_NAME_MAX = 100;
export const DESCRIPTION_MAX = 5000;
export const PRICE_MAX = 200;
export const OPENING_HOURS_MAX = 500;
export const PHONE_MAX = 40;
export const WEBSITE_MAX = 500;
export const INSTAGRAM_HANDLE_MAX = 30;

/**
 * The website as it will be linked: trimmed, with `https://` added when the member typed no
 * scheme. Null when it is not an http(s) address with a dotted host name (another scheme such as
 * `javascript:` or `mailto:`, spaces, credentials, or not a URL at all).
 */
export function normalizeWebsite(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.length > WEBSITE_MAX || /\s/.test(trimmed)) return null;
  let candidate: string;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) candidate = trimmed;
  // "mailto:x", "javascript:x": a scheme of its own. "example.nl:8080" is a host with a port.
  else if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed)) return null;
  else candidate = `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  const labels = url.hostname.split(".");
  if (labels.length < 2 || labels.some((label) => label === "")) return null;
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]+)$/.test(labels.at(-1) ?? "")) return null;
  return candidate;
}

const INSTAGRAM_HANDLE = /^(?!\.)(?!.*\.\.)(?!.*\.$)[a-z0-9._]{1,30}$/;
/** Instagram's own pages, which a link may point to but which are no one's profile. */
const INSTAGRAM_PAGES = new Set([
  "accounts",
  "direct",
  "explore",
  "p",
  "reel",
  "reels",
  "stories",
  "tv",
]);
const INSTAGRAM_PROFILE_URL =
  /^(?:https?:\/\/)?(?:(?:www|m)\.)?(?:instagram\.com|instagr\.am)\/([^/?#]+)\/?(?:[?#].*)?$/i;

/**
 * The bare Instagram handle from '@handle', 'handle' or a profile URL
 * ('https://www.instagram.com/handle/', 'instagram.com/handle?igsh=…'), lower-cased as Instagram
 * itself shows handles. Null for anything else, including links to posts, reels or Instagram's own
 * pages. Handles are
 * Instagram's: 1–30 letters, digits, '.' and '_', no '.' at either end and no '..'.
 */
export function parseInstagram(value: string): string | null {
  const trimmed = value.trim();
  const fromUrl = INSTAGRAM_PROFILE_URL.exec(trimmed)?.[1]?.toLowerCase();
  if (fromUrl !== undefined && INSTAGRAM_PAGES.has(fromUrl)) return null;
  const handle = (fromUrl ?? trimmed.replace(/^@/, "")).toLowerCase();
  return INSTAGRAM_HANDLE.test(handle) ? handle : null;
}

/** Kept as typed: digits and the usual separators, with at least six digits. */
const PHONE = /^[0-9 +()./-]+$/;

function required(key: string, max: number) {
  return z
    .string({ error: key })
    .trim()
    .min(1, { error: key })
    .max(max, { error: textTooLong(max) });
}

function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: textTooLong(max) })
    .optional()
    .transform((value) => value || null);
}

/** Form values arrive as text; an empty field means "not set". */
function optionalCoordinate(limit: number) {
  return z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      return value.trim() === "" ? undefined : Number(value);
    },
    z
      .number({ error: "validation.addressInvalid" })
      .min(-limit, { error: "validation.addressInvalid" })
      .max(limit, { error: "validation.addressInvalid" })
      .optional(),
  );
}

/** A checkbox group's values: one ticked box arrives as a string, several as a list. */
function checkedValues(value: string | string[] | null | undefined): unknown {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

export { cropMonthValue };

function parseCropMonth(value: string): { id: string; month: number } | null {
  const match = /^([a-z-]{1,40}):(\d{1,2})$/.exec(value);
  if (!match?.[1] || !isCropId(match[1]) || !isMonth(Number(match[2]))) return null;
  return { id: match[1], month: Number(match[2]) };
}

/**
 * The ticked crops with the months ticked for each; a crop with no month ticked is picked in its
 * usual season. Unknown values were refused by the schema already.
 */
export function meadowCrops(values: { crops: string[]; cropMonths: string[] }): MeadowCrop[] {
  const months = new Map<string, number[]>();
  for (const value of values.cropMonths) {
    const parsed = parseCropMonth(value);
    if (parsed) months.set(parsed.id, [...(months.get(parsed.id) ?? []), parsed.month]);
  }
  return inCatalogueOrder(
    [...new Set(values.crops)].flatMap((id) => {
      const crop = cropById(id);
      if (!crop) return [];
      const ticked = monthMask(months.get(id) ?? []);
      return [{ id, months: ticked || crop.season }];
    }),
  );
}

/**
 * The months (a mask) in which hours (`syntax`, in `country`) are open at some time; 0 when they
 * cannot be read or are never surely open ("by appointment").
 */
export function hoursOpenMonths(syntax: string, country: string): number {
  if (!syntax.trim()) return 0;
  const derived = derivedHours(syntax, country);
  return "problem" in derived ? 0 : openMonths(derived.weekly);
}

/**
 * The crops marked in season in months the meadow's hours keep it closed, each with those months
 * only: a visitor would read "in season" beside "closed for the season". `open` is
 * hoursOpenMonths' answer; with 0 (hours unknown) nothing is said.
 */
export function cropsOutsideHours(crops: readonly MeadowCrop[], open: number): MeadowCrop[] {
  if (open === 0) return [];
  return crops.flatMap((crop) =>
    crop.months & ~open ? [{ id: crop.id, months: crop.months & ~open }] : [],
  );
}

/** A meadow's crops as the form's boxes: the ids, and "id:month" for each of their months. */
export function cropFormValues(crops: readonly MeadowCrop[]): {
  crops: string[];
  cropMonths: string[];
} {
  return {
    crops: crops.map((crop) => crop.id),
    cropMonths: crops.flatMap((crop) =>
      maskMonths(crop.months).map((month) => cropMonthValue(crop.id, month)),
    ),
  };
}

function hoursProblem(syntax: string, country: string): string | undefined {
  const derived = derivedHours(syntax, country);
  return "problem" in derived ? derived.problem : undefined;
}

export const meadowSchema = z
  .object({
    name: z
      .string({ error: "validation.nameMin" })
      .trim()
      .min(MEADOW_NAME_MIN, { error: "validation.nameMin" })
      .max(MEADOW_NAME_MAX, { error: "validation.nameTooLong" }),
    /** In English; a member may give it, the Dutch one, both or neither. */
    description: optionalText(DESCRIPTION_MAX).transform((value) => value ?? ""),
    descriptionNl: optionalText(DESCRIPTION_MAX).transform((value) => value ?? ""),
    priceText: required("validation.priceRequired", PRICE_MAX),
    /**
     * Free text about the hours: all there is for meadows without structured hours, else a note
     * ("by appointment in winter"). One of the two is required.
     */
    openingHours: optionalText(OPENING_HOURS_MAX).transform((value) => value ?? ""),
    /** The hours in OpenStreetMap's syntax, which the editor writes or a member pastes. */
    hoursSyntax: optionalText(HOURS_SYNTAX_MAX).superRefine((value, context) => {
      // Checked here for the Netherlands, so a mistake shows before the address is filled in, and
      // again below for the meadow's own country, whose public holidays "PH" means.
      const problem = value ? hoursProblem(value, "NL") : undefined;
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
    street: required("validation.streetRequired", 200),
    houseNumber: required("validation.houseNumberRequired", 20),
    postalCode: required("validation.postalCodeRequired", 20),
    city: required("validation.cityRequired", 100),
    country: z
      .string({ error: "validation.countryRequired" })
      .trim()
      .toUpperCase()
      .pipe(z.enum(COUNTRIES, { error: "validation.countryRequired" })),
    addressExtra: optionalText(200),
    website: z
      .string()
      .trim()
      .optional()
      .transform((value, context) => {
        if (!value) return null;
        const website = normalizeWebsite(value);
        if (website === null) {
          context.issues.push({ code: "custom", message: "validation.urlInvalid", input: value });
          return z.NEVER;
        }
        return website;
      }),
    phone: z
      .string()
      .trim()
      .max(PHONE_MAX, { error: "validation.phoneInvalid" })
      .optional()
      .refine((value) => !value || (PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6), {
        error: "validation.phoneInvalid",
      })
      .transform((value) => value || null),
    instagram: z
      .string()
      .trim()
      .optional()
      .transform((value, context) => {
        if (!value) return null;
        const handle = parseInstagram(value);
        if (handle === null) {
          context.issues.push({
            code: "custom",
            message: "validation.instagramInvalid",
            input: value,
          });
          return z.NEVER;
        }
        return handle;
      }),
    crops: z.preprocess(
      checkedValues,
      z
        .array(z.string({ error: "validation.cropUnknown" }), { error: "validation.cropUnknown" })
        .max(MAX_CROPS_PER_MEADOW, { error: "validation.tooManyCrops" })
        .refine((ids) => ids.every(isCropId), { error: "validation.cropUnknown" }),
    ),
    cropMonths: z.preprocess(
      checkedValues,
      z
        .array(z.string({ error: "validation.cropMonthInvalid" }), {
          error: "validation.cropMonthInvalid",
        })
        .max(MAX_CROPS_PER_MEADOW * 12, { error: "validation.tooManyCrops" })
        .refine((values) => values.every((value) => parseCropMonth(value) !== null), {
          error: "validation.cropMonthInvalid",
        }),
    ),
    lat: optionalCoordinate(90),
    lng: optionalCoordinate(180),
    /** The address the pin (lat, lng) was placed for: see addressFingerprint. */
    locatedAddress: z.string().max(1000).optional(),
  })
  // Checked even while other fields are wrong, so every missing field is named at once.
  .refine((values) => Boolean(values.openingHours || values.hoursSyntax), {
    path: ["openingHours"],
    error: "validation.openingHoursRequired",
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  })
  .superRefine((values, context) => {
    const problem =
      values.hoursSyntax && values.country !== "NL"
        ? hoursProblem(values.hoursSyntax, values.country)
        : undefined;
    if (problem) context.addIssue({ code: "custom", path: ["hoursSyntax"], message: problem });
  });

/**
 * The address fields as one string, compared case- and space-insensitively. The form carries
 * the fingerprint of the address its pin was found for; when the submitted address differs, the
 * pin belongs to another address and the server geocodes again instead of saving.
 */
export function addressFingerprint(address: {
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
}): string {
  return [address.street, address.houseNumber, address.postalCode, address.city, address.country]
    .map((part) => part.trim().replace(/\s+/g, " ").toLowerCase())
    .join("|");
}

/** The fields a member types, as stored: what the edit form starts from and the detail shows. */
export function typedFields<
  T extends Omit<
    MeadowFormValues,
    "lat" | "lng" | "locatedAddress" | "country" | "crops" | "cropMonths"
  > & {
    country: string;
  },
>(meadow: T) {
  return {
    name: meadow.name,
    description: meadow.description,
    descriptionNl: meadow.descriptionNl,
    priceText: meadow.priceText,
    openingHours: meadow.openingHours,
    hoursSyntax: meadow.hoursSyntax,
    street: meadow.street,
    houseNumber: meadow.houseNumber,
    postalCode: meadow.postalCode,
    city: meadow.city,
    country: meadow.country,
    addressExtra: meadow.addressExtra,
    website: meadow.website,
    phone: meadow.phone,
    instagram: meadow.instagram,
  };
}

export type MeadowFormInput = z.input<typeof meadowSchema>;
export type MeadowFormValues = z.output<typeof meadowSchema>;
