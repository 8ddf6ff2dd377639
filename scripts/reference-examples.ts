import type { OpenApiInput } from './reference-extract';

/** What the reference documents as real answers: samples the server's own documentation shows. */
export interface ReferenceExamples {
  /** Example success bodies by `METHOD /path`. */
  readonly responses: Record<string, unknown[]>;
  /** One example per event format of `GET /events`, in the document's order. */
  readonly events: unknown[];
}

type Node = Record<string, unknown> | undefined;

function resolve(document: OpenApiInput, node: unknown): Node {
  const ref = (node as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string') return node as Node;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((inner, key) => (inner as Record<string, unknown> | undefined)?.[key], document);
  return resolve(document, target);
}

/** The examples a media type or schema gives, its `allOf` parts included. */
function examplesOf(document: OpenApiInput, node: Node): unknown[] {
  if (!node) return [];
  const found: unknown[] = [];
  if ('example' in node) found.push(node.example);
  for (const example of Object.values((node.examples as Record<string, { value?: unknown }> | undefined) ?? {})) {
    if (example.value !== undefined) found.push(example.value);
  }
  const schema = resolve(document, node.schema);
  if (schema) found.push(...examplesOf(document, schema));
  for (const part of (node.allOf as unknown[] | undefined) ?? []) found.push(...examplesOf(document, resolve(document, part)));
  return found;
}

function successContent(document: OpenApiInput, operation: unknown): Node {
  const responses = (operation as { responses?: Record<string, unknown> } | undefined)?.responses;
  const success = resolve(document, responses?.['200']) as { content?: Record<string, unknown> } | undefined;
  return success?.content?.['application/json'] as Node;
}

/** The event formats of `GET /events`: the `oneOf` of its `events` items. */
function eventFormats(document: OpenApiInput): Node[] {
  const schema = resolve(document, successContent(document, document.paths['/events']?.['get'])?.schema);
  const parts = [schema, ...((schema?.allOf as unknown[] | undefined) ?? []).map((part) => resolve(document, part))];
  for (const part of parts) {
    const events = resolve(document, (part?.properties as Record<string, unknown> | undefined)?.['events']);
    const items = resolve(document, events?.items);
    if (Array.isArray(items?.oneOf)) return items.oneOf.map((format) => resolve(document, format));
  }
  return [];
}

/**
 * The reference's example success bodies, by route, and its example events. Both are samples of
 * what real servers sent when the documentation was written, some trimmed by hand.
 */
export function extractExamples(document: OpenApiInput, routes: readonly string[]): ReferenceExamples {
  const responses: Record<string, unknown[]> = {};
  for (const route of routes) {
    const [method = '', path = ''] = route.split(' ');
    const examples = examplesOf(document, successContent(document, document.paths[path]?.[method.toLowerCase()]));
    if (examples.length > 0) responses[route] = examples;
  }
  const events = eventFormats(document).flatMap((format) => examplesOf(document, format).slice(0, 1));
  return { responses, events };
}
