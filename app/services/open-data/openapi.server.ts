import { createDocument, type ZodOpenApiResponseObject } from "zod-openapi";
import {
  apiMeadowSchema,
  meadowFeatureCollectionSchema,
  meadowFeatureSchema,
  meadowIdSchema,
  meadowListSchema,
  meadowNearSchema,
  meadowQuerySchema,
  meadowsQuerySchema,
  meadowViewSchema,
  problemSchema,
} from "~/lib/schemas/open-data";
import { API_BASE_PATH, DATA_LICENCE, EXPORT_PATHS } from "~/lib/open-data";
import { z } from "~/lib/schemas/zod";
import { LIMITS } from "~/services/account-limits";

/*
 * The OpenAPI 3.1 document of /api/v1, made from the Zod schemas the routes validate requests
 * with and the answers are typed by (zod-openapi): what the document says is what the server
 * checks.
 */

const etag = z
  .string()
  .meta({ description: "A strong validator of the body: send it back as If-None-Match." });
const retryAfter = z.string().meta({ description: "Seconds until the client may ask again." });

const problemContent = { "application/problem+json": { schema: problemSchema } };

const problems: Record<string, ZodOpenApiResponseObject> = {
  "400": {
    description: "A parameter is invalid (see `parameter` and `detail`).",
    content: problemContent,
  },
  "429": {
    description: `More than ${LIMITS.apiRequestsPerIp.max} requests in ${LIMITS.apiRequestsPerIp.windowMs / 1000} s from one address.`,
    headers: z.object({ "Retry-After": retryAfter }),
    content: problemContent,
  },
};

const notModified: ZodOpenApiResponseObject = {
  description: "The client's copy (If-None-Match) is current.",
  headers: z.object({ ETag: etag }),
};

/** The document for a site at `siteUrl`. */
export function openApiDocument(siteUrl: URL) {
  const { max, windowMs } = LIMITS.apiRequestsPerIp;
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Plukweide open data API",
      version: "1.0.0",
      description: `Picking meadows shared by Plukweide's members. Meadow data is licensed under the ${DATA_LICENCE.name}; photos are not part of it. Every answer allows any origin (CORS), carries an ETag and may be kept for 60 s. At most ${max} requests per ${windowMs / 1000} s per address. Whole data set: ${new URL(EXPORT_PATHS.geojson, siteUrl).href} and ${new URL(EXPORT_PATHS.csv, siteUrl).href}.`,
      license: { name: DATA_LICENCE.name, url: DATA_LICENCE.url },
    },
    servers: [{ url: new URL(API_BASE_PATH, siteUrl).href }],
    paths: {
      "/meadows": {
        get: {
          operationId: "listMeadows",
          summary: "Meadows: a page of all, the nearest to a point, or a map view",
          description:
            "Without `near` or `bbox`: every meadow matching the filters, oldest first, `limit` at a time; follow `next` (or pass `nextCursor` as `cursor`) for the next page. Pages never repeat or skip a meadow, whatever is added meanwhile. With `near`: the nearest meadows first, within `radius` when given. With `bbox` and `zoom`: what the site's map shows there, points or clusters.",
          requestParams: { query: meadowsQuerySchema },
          responses: {
            "200": {
              description: "The meadows; `kind` says which of the three answers it is.",
              headers: z.object({ ETag: etag }),
              content: {
                "application/json": {
                  schema: z.union([meadowListSchema, meadowNearSchema, meadowViewSchema]),
                },
                "application/geo+json": { schema: meadowFeatureCollectionSchema },
              },
            },
            "304": notModified,
            ...problems,
          },
        },
      },
      "/meadows/{id}": {
        get: {
          operationId: "getMeadow",
          summary: "One meadow",
          requestParams: { path: z.object({ id: meadowIdSchema }), query: meadowQuerySchema },
          responses: {
            "200": {
              description: "The meadow.",
              headers: z.object({ ETag: etag }),
              content: {
                "application/json": { schema: apiMeadowSchema },
                "application/geo+json": { schema: meadowFeatureSchema },
              },
            },
            "304": notModified,
            ...problems,
            "404": { description: "No meadow has this id.", content: problemContent },
          },
        },
      },
    },
  });
}
