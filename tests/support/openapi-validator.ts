import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/*
 * Checks answers against an OpenAPI 3.1 document, whose schemas are JSON Schema 2020-12: the
 * schema of a path's method, status and content type, found in the document itself, so its
 * references to components resolve there.
 */

type OpenApiDocument = { paths: Record<string, Record<string, unknown>> };

export function openApiValidator(openApi: object) {
  const document = openApi as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its function is the default export or that export's `default`.
  const formats = addFormats as unknown as typeof addFormats.default & {
    default?: typeof addFormats.default;
  };
  (formats.default ?? formats)(ajv);
  ajv.addSchema(openApi, "openapi.json");
  const pointer = (part: string) => part.replaceAll("~", "~0").replaceAll("/", "~1");

  /** The errors of `body` against the document's schema, or [] when it fits. */
  return function validate(
    pathTemplate: string,
    method: string,
    status: number,
    contentType: string | null,
    body: unknown,
  ): string[] {
    const operation = document.paths[pathTemplate]?.[method] as
      { responses: Record<string, { content?: Record<string, unknown> }> } | undefined;
    const response = operation?.responses[String(status)];
    if (!response) return [`the document has no ${status} for ${method} ${pathTemplate}`];
    const type = contentType?.split(";")[0]?.trim() ?? "";
    if (!response.content) return body === undefined ? [] : ["a body where none is described"];
    if (!response.content[type]) return [`the document has no ${type} for ${status}`];
    const ref = `openapi.json#/paths/${pointer(pathTemplate)}/${method}/responses/${status}/content/${pointer(type)}/schema`;
    const check = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    return check(body)
      ? []
      : (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}
