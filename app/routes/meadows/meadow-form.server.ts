import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { GeocodeResult } from "~/adapters/geocoder.server";
import { appContext, clientIpContext } from "~/context";
import { getLocale } from "~/i18n.server";
import {
  addressFingerprint,
  meadowCrops,
  meadowSchema,
  type MeadowFormValues,
} from "~/lib/schemas/meadow";
import { LIMITS } from "~/services/account-limits";
import type { MeadowInput } from "~/services/meadows/records.server";

/*
 * The add and edit forms share one flow. The member fills in the form and asks for the address
 * to be found ("locate"); the server geocodes it and answers the position, which the page shows
 * as a draggable pin. Saving sends the form again with the pin's position and the fingerprint of
 * the address it was found for: when the address changed since, the pin belongs to another
 * address and the server geocodes again instead of saving. Without JavaScript the same steps
 * work with the found position in hidden fields.
 */

/** Where the geocoder placed the address, and for which address (see addressFingerprint). */
export interface LocatedPosition {
  lat: number;
  lng: number;
  label: string;
  precision: GeocodeResult["precision"];
  fingerprint: string;
}

export interface MeadowFormReply {
  result: SubmissionResult<string[]>;
  located?: LocatedPosition;
}

function reply(body: MeadowFormReply, status = 200) {
  return data(body, { status });
}

/**
 * Handles a submitted meadow form. `save` stores the meadow (create or update) and returns the
 * response to send (a redirect); everything else (invalid input, an address to find or found
 * again) answers the form with errors or the found position.
 */
export async function handleMeadowForm({
  context,
  formData,
  memberId,
  save,
}: {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  memberId: string;
  save: (input: MeadowInput) => Promise<Response | ReturnType<typeof data<MeadowFormReply>>>;
}) {
  const { geocoder, limits } = context.get(appContext);
  const submission = parseWithZod(formData, { schema: meadowSchema });
  if (submission.status !== "success") return reply({ result: submission.reply() }, 400);

  const values = submission.value;
  const fingerprint = addressFingerprint(values);
  const { lat, lng } = values;
  const pinIsForThisAddress =
    lat !== undefined && lng !== undefined && values.locatedAddress === fingerprint;
  if (formData.get("intent") === "save" && pinIsForThisAddress) {
    return save(toInput(values, lat, lng));
  }

  // Each lookup may reach an outside geocoder with its own limits; a member gets a fair share.
  const ip = context.get(clientIpContext);
  const [byMember, byIp] = await Promise.all([
    limits.hit(`geocode:member:${memberId}`, LIMITS.geocodesPerMember),
    limits.hit(`geocode:ip:${ip}`, LIMITS.geocodesPerIp),
  ]);
  if (!byMember.allowed || !byIp.allowed) {
    return data<MeadowFormReply>(
      { result: submission.reply({ formErrors: ["auth.tooManyAttempts"] }) },
      {
        status: 429,
        headers: { "Retry-After": String(Math.max(byMember.retryAfter, byIp.retryAfter)) },
      },
    );
  }
  const place = await geocoder.geocode(
    {
      street: values.street,
      houseNumber: values.houseNumber,
      postalCode: values.postalCode,
      city: values.city,
      country: values.country,
    },
    { language: getLocale(context) },
  );
  if (!place) {
    // 422: the form is well-formed, but the address is not one the geocoder can place.
    return reply({ result: submission.reply({ formErrors: ["validation.addressInvalid"] }) }, 422);
  }
  return reply({
    result: submission.reply(),
    located: {
      lat: place.lat,
      lng: place.lng,
      label: place.label,
      precision: place.precision,
      fingerprint,
    },
  });
}

function toInput(values: MeadowFormValues, lat: number, lng: number): MeadowInput {
  const { lat: _lat, lng: _lng, locatedAddress: _located, crops, cropMonths, ...rest } = values;
  return { ...rest, lat, lng, crops: meadowCrops({ crops, cropMonths }) };
}
