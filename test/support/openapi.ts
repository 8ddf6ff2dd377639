import OpenAPIResponseValidator from 'openapi-response-validator';
import { apiReference } from './reference';

/** Fields the spec adds over the reference OpenAPI file (a newer server); allowed when unlisted there. */
export const SPEC_ADDED_FIELDS = new Set(['is_imported_stub', 'topics_policy', 'partial_subscribers', 'folder_id']);

/**
 * Error fields the real server sends (semantics.md §2.1) that no error schema of the
 * reference declares; they are set aside before validating an error body.
 */
export const UNDOCUMENTED_ERROR_FIELDS = ['var_name1', 'var_name2'];

const validators = new Map<string, OpenAPIResponseValidator | null>();

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
  return Object.keys(apiReference().components.schemas)
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
function responsesFor(responses: Record<string, unknown>, status: number): Record<string, unknown> {
  if (status < 400) return responses;
  const documented = jsonSchemaOf(responses[String(status)]);
  const branches = [...(documented ? [oneOfAsAnyOf(documented)] : []), ...errorCatalog()];
  return {
    [String(status)]: { description: 'error', content: { 'application/json': { schema: { anyOf: branches } } } },
  };
}

function validatorFor(method: string, path: string, status: number): OpenAPIResponseValidator | null {
  const key = `${method} ${path} ${status < 400 ? 'success' : status}`;
  if (!validators.has(key)) {
    const responses = apiReference().responses[`${method.toUpperCase()} ${path}`];
    validators.set(
      key,
      responses
        ? new OpenAPIResponseValidator({
            responses: responsesFor(responses, status),
            components: apiReference().components,
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
