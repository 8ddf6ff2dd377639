import type { OpenApiInput } from './reference-extract';
import { namedSince, stripProse } from './reference-prose';

/** One request parameter of an operation, as the reference documents it. */
export interface ReferenceParam {
  readonly name: string;
  /** Where the reference puts it: the path, the query string, or the form (or multipart) body. */
  readonly in: 'path' | 'query' | 'body';
  readonly required: boolean;
  /**
   * The value is JSON text (`content: application/json` on a parameter, `contentType:
   * application/json` in a form body's `encoding`); otherwise the server reads the raw text.
   */
  readonly json: boolean;
  /** Its schema without prose or examples (`type`, `enum`, `items`, `$ref` into the components, ...). */
  readonly schema: Record<string, unknown>;
  /**
   * The feature level from which servers take it under this name: the latest of its "New in
   * Zulip X.Y (feature level N)" and rename notes.
   */
  readonly since?: number;
}

type Node = Record<string, unknown>;

/** Follows a local `$ref` (`#/components/parameters/UserId`) to its target. */
function resolve(document: OpenApiInput, node: unknown): Node {
  const ref = (node as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string') return (node ?? {}) as Node;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((inner, key) => (inner as Node | undefined)?.[key], document);
  return resolve(document, target);
}

/** The descriptions of a parameter and of its schema (and of the schema's `allOf` parts). */
function descriptions(node: Node, schema: Node | undefined): string[] {
  const parts = [node, schema, ...((schema?.allOf as Node[] | undefined) ?? [])];
  return parts.flatMap((part) => (typeof part?.description === 'string' ? [part.description] : []));
}

function described(node: Node, json: boolean, schema: unknown): Pick<ReferenceParam, 'json' | 'schema' | 'since'> {
  const since = namedSince(descriptions(node, schema as Node | undefined));
  return { json, schema: stripProse(schema ?? {}) as Node, ...(since === undefined ? {} : { since }) };
}

/** A path or query parameter; `content: application/json` makes it JSON text. */
function parameterOf(document: OpenApiInput, raw: unknown): ReferenceParam {
  const node = resolve(document, raw);
  const jsonContent = (node.content as Node | undefined)?.['application/json'] as Node | undefined;
  return {
    name: String(node.name),
    in: node.in === 'path' ? 'path' : 'query',
    required: node.required === true,
    ...described(node, jsonContent !== undefined, jsonContent?.schema ?? node.schema),
  };
}

/** The fields of a form or multipart body; its `encoding` marks those sent as JSON text. */
function bodyParams(document: OpenApiInput, raw: unknown): ReferenceParam[] {
  const content = resolve(document, raw).content as Record<string, Node> | undefined;
  return Object.values(content ?? {}).flatMap((media) => {
    const schema = resolve(document, media.schema);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const encoding = (media.encoding ?? {}) as Record<string, { contentType?: string }>;
    return Object.entries((schema.properties ?? {}) as Record<string, Node>).map(([name, property]) => ({
      name,
      in: 'body' as const,
      required: required.has(name),
      ...described(property, encoding[name]?.contentType === 'application/json', property),
    }));
  });
}

/**
 * The request parameters of one operation: the path's own, the operation's, then its body's
 * fields (an operation's parameter overrides the path's of the same name and place).
 */
export function requestParams(document: OpenApiInput, path: string, method: string): ReferenceParam[] {
  const item = document.paths[path] ?? {};
  const operation = (item[method] ?? {}) as { parameters?: unknown[]; requestBody?: unknown };
  const listed = [...((item.parameters as unknown[] | undefined) ?? []), ...(operation.parameters ?? [])].map((raw) =>
    parameterOf(document, raw),
  );
  const byPlace = new Map(listed.map((param) => [`${param.in} ${param.name}`, param]));
  return [...byPlace.values(), ...(operation.requestBody ? bodyParams(document, operation.requestBody) : [])];
}
