import { extractExamples, type ReferenceExamples } from './reference-examples';
import { stripProse } from './reference-prose';
import { requestParams, type ReferenceParam } from './reference-requests';

export { stripProse } from './reference-prose';

/** The parts of the OpenAPI document the extraction reads. */
export interface OpenApiInput {
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: {
    readonly schemas?: Record<string, unknown>;
    readonly responses?: Record<string, unknown>;
    readonly parameters?: Record<string, unknown>;
    readonly requestBodies?: Record<string, unknown>;
  };
}

/** Where a generated reference came from. */
export interface ReferenceSources {
  readonly openapi: { readonly file: string; readonly sha256: string };
  readonly spec: { readonly file: string; readonly sha256: string };
}

/** The committed reference data the contract tests read. */
export interface ApiReference {
  readonly generatedBy: string;
  readonly sources: ReferenceSources;
  /** Every route of the real API under `/api/v1`, as `METHOD /path`, sorted. */
  readonly routes: string[];
  /** Response objects by `METHOD /path`, then by status. */
  readonly responses: Record<string, Record<string, unknown>>;
  /** Request parameters by `METHOD /path`: names, places, required-ness, JSON encoding, schemas, levels. */
  readonly requests: Record<string, ReferenceParam[]>;
  /** The components the responses refer to. */
  readonly components: { readonly schemas: Record<string, unknown>; readonly responses: Record<string, unknown> };
  /** The documented example answers and events, which the SDK's schemas must read. */
  readonly examples: ReferenceExamples;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Documentation pages the OpenAPI file describes as paths; no server has them. */
const PSEUDO_PATHS = new Set(['/real-time', '/rest-error-handling', '/zulip-outgoing-webhook']);

/** A route of the development server that neither document lists. */
const DEVELOPMENT_ROUTES = ['GET /dev_list_users'];

/** `METHOD /path` of every operation of the OpenAPI file. */
function openApiRoutes(document: OpenApiInput): string[] {
  return Object.entries(document.paths)
    .filter(([path]) => !PSEUDO_PATHS.has(path))
    .flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => HTTP_METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
}

/** `METHOD /path` of every endpoint heading of the spec (`### Title: METHOD /path`). */
export function specRoutes(spec: string): string[] {
  return [...spec.matchAll(/^### .*: (GET|POST|PUT|PATCH|DELETE) (\S+)$/gm)].map((match) => `${match[1]} ${match[2]}`);
}

/** Builds the committed reference from the OpenAPI document and the spec's text. */
export function extractReference(document: OpenApiInput, spec: string, sources: ReferenceSources): ApiReference {
  const responses: Record<string, Record<string, unknown>> = {};
  const requests: Record<string, ReferenceParam[]> = {};
  for (const route of openApiRoutes(document)) {
    const [method = '', path = ''] = route.split(' ');
    const operation = document.paths[path]?.[method.toLowerCase()] as { responses?: Record<string, unknown> };
    if (operation.responses) responses[route] = stripProse(operation.responses, true) as Record<string, unknown>;
    requests[route] = requestParams(document, path, method.toLowerCase());
  }
  const routes = [...new Set([...openApiRoutes(document), ...specRoutes(spec), ...DEVELOPMENT_ROUTES])].sort();
  return {
    generatedBy: 'npm run contract:update -- <zulip-openapi.yaml> <team-chat-api.md>',
    sources,
    routes,
    responses,
    requests,
    components: {
      schemas: stripProse(document.components.schemas ?? {}, true) as Record<string, unknown>,
      responses: stripProse(document.components.responses ?? {}, true) as Record<string, unknown>,
    },
    examples: extractExamples(document, openApiRoutes(document)),
  };
}
