import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import OpenAPIResponseValidator from 'openapi-response-validator';
import { parse } from 'yaml';

/** The reference OpenAPI file of the real API (shared/, beside this repository). */
export const OPENAPI_PATH = fileURLToPath(new URL('../../../shared/reference/zulip-openapi.yaml', import.meta.url));

/** Fields the spec adds over the reference OpenAPI file (a newer server); allowed when unlisted there. */
export const SPEC_ADDED_FIELDS = new Set(['is_imported_stub', 'topics_policy', 'partial_subscribers', 'folder_id']);

/**
 * Error fields the real server sends (semantics.md §2.1) that no error schema of the
 * reference declares; they are set aside before validating an error body.
 */
export const UNDOCUMENTED_ERROR_FIELDS = ['var_name1', 'var_name2'];

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: Record<string, unknown>;
}

let documentCache: OpenApiDocument | undefined;
const validators = new Map<string, OpenAPIResponseValidator | null>();

function document(): OpenApiDocument {
  documentCache ??= parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument;
  return documentCache;
}

/** The documented error branches are alternatives that often overlap, so they are read as anyOf. */
function oneOfAsAnyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(oneOfAsAnyOf);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key === 'oneOf' ? 'anyOf' : key, oneOfAsAnyOf(inner)]),
  );
}

/** Every error shape the reference defines (CodedError, NonExistingChannelIdError, ...). */
function errorCatalog(): { $ref: string }[] {
  const schemas = (document().components as { schemas: Record<string, unknown> }).schemas;
  return Object.keys(schemas)
    .filter((name) => name.endsWith('Error'))
    .map((name) => ({ $ref: `#/components/schemas/${name}` }));
}

function jsonSchemaOf(response: unknown): unknown {
  return (response as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']
    ?.schema;
}

/**
 * Success statuses validate against the documented response exactly. An error validates
 * if it matches one of the operation's documented errors or, for an error the reference
 * does not list under this operation, one of its general error shapes.
 */
function responsesFor(operation: { responses: Record<string, unknown> }, status: number): Record<string, unknown> {
  if (status < 400) return operation.responses;
  const documented = jsonSchemaOf(operation.responses[String(status)]);
  const branches = [...(documented ? [oneOfAsAnyOf(documented)] : []), ...errorCatalog()];
  return {
    [String(status)]: { description: 'error', content: { 'application/json': { schema: { anyOf: branches } } } },
  };
}

function validatorFor(method: string, path: string, status: number): OpenAPIResponseValidator | null {
  const key = `${method} ${path} ${status < 400 ? 'success' : status}`;
  if (!validators.has(key)) {
    const operation = document().paths[path]?.[method.toLowerCase()];
    validators.set(
      key,
      operation
        ? new OpenAPIResponseValidator({
            responses: responsesFor(operation, status),
            components: document().components,
          } as never)
        : null,
    );
  }
  return validators.get(key) ?? null;
}

/**
 * Problems of a response body against the operation's documented response for its status,
 * apart from extra fields the spec adds. Empty when it conforms or is undocumented.
 */
export function openApiProblems(method: string, path: string, status: number, body: unknown): string[] {
  const validator = validatorFor(method, path, status);
  if (!validator) return [];
  const checked =
    status >= 400 && typeof body === 'object' && body !== null
      ? Object.fromEntries(Object.entries(body).filter(([key]) => !UNDOCUMENTED_ERROR_FIELDS.includes(key)))
      : body;
  const result = validator.validateResponse(status, checked) as
    | { errors: { path?: string; message: string; errorCode?: string; params?: Record<string, unknown> }[] }
    | undefined;
  if (!result) return [];
  return result.errors
    .filter(
      (error) =>
        !(
          error.errorCode?.startsWith('additionalProperties') &&
          SPEC_ADDED_FIELDS.has(String(error.params?.additionalProperty))
        ),
    )
    .map((error) => `${error.path ?? ''} ${error.message}`.trim());
}
