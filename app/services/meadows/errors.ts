/* What the meadow services throw for a request they cannot serve; routes turn them into 4xx. */

export class NotFoundError extends Error {
  override name = "NotFoundError";
}

export class ForbiddenError extends Error {
  override name = "ForbiddenError";
}

/** A search the caller should not have asked for: sorting or filtering by distance with no location. */
export class LocationRequiredError extends Error {
  override name = "LocationRequiredError";
}
