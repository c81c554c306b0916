import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { appContext } from "~/context";
import { DATA_LICENCE } from "~/lib/open-data";
import {
  currentExport,
  EXPORT_CONTENT_TYPES,
  EXPORT_FORMATS,
  type ExportFormat,
} from "~/services/open-data/exports.server";
import { matchesIfNoneMatch } from "~/lib/if-none-match";
import { API_CORS_HEADERS, problem, refuseOverLimit } from "./respond.server";
import type { Route } from "./+types/export";

/**
 * `GET /api/v1/exports/meadows.geojson` and `.csv`: the whole data set but the demo meadows,
 * made at most hourly and streamed from its file.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const refused = await refuseOverLimit(request, context);
  if (refused) return refused;
  const format = /^meadows\.(\w+)$/.exec(params.file)?.[1] as ExportFormat | undefined;
  if (!format || !EXPORT_FORMATS.includes(format)) {
    return problem(request, context, "not-found", {
      key: "openData.errors.noSuchEndpoint",
      values: { path: new URL(request.url).pathname },
    });
  }
  const { db, config, logger } = context.get(appContext);
  const file = await currentExport(db, format, {
    dataDir: config.dataDir,
    siteUrl: config.appUrl,
    onBackgroundError: (error) => logger.error({ err: error }, "export failed"),
  });
  // The file is replaced whole (renamed into place), so its time and size name its contents.
  const tag = `"${file.modified.getTime().toString(36)}-${file.size.toString(36)}"`;
  const headers = {
    ...API_CORS_HEADERS,
    ETag: tag,
    "Last-Modified": file.modified.toUTCString(),
    "Cache-Control": "public, max-age=600",
    Link: `<${DATA_LICENCE.url}>; rel="license"`,
  };
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), tag)) {
    return new Response(null, { status: 304, headers });
  }
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return new Response(request.method === "HEAD" ? null : body, {
    headers: {
      ...headers,
      "Content-Type": EXPORT_CONTENT_TYPES[format],
      "Content-Length": String(file.size),
      "Content-Disposition": `inline; filename="plukweide-meadows.${format}"`,
    },
  });
}
