import type { OpenApiInput } from './reference-extract';

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
  /** Validation keywords only (`type`, `enum`, `items`, `$ref` into the components, ...). */
  readonly schema: Record<string, unknown>;
  /** The feature level its "New in Zulip X.Y (feature level N)" note gives. */
  readonly since?: number;
  readonly deprecated?: true;
}

/** Keywords that say what a value may be; everything else (prose, examples) is left out. */
const VALIDATION_KEYS = new Set([
  '$ref', 'type', 'enum', 'items', 'oneOf', 'anyOf', 'allOf', 'nullable', 'format', 'default',
  'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'properties', 'required',
  'additionalProperties',
]);

const NEW_IN_NOTE = /New in Zulip [\d.]+ \(feature level (\d+)\)/;

type Node = Record<string, unknown>;

/** A schema with its validation keywords only; `properties` keeps its names. */
export function validationKeywords(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(validationKeywords);
  if (schema === null || typeof schema !== 'object') return schema;
  const kept = Object.entries(schema).filter(([key]) => VALIDATION_KEYS.has(key));
  return Object.fromEntries(
    kept.map(([key, value]) => [
      key,
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Node).map(([name, inner]) => [name, validationKeywords(inner)]))
        : key === 'default' || key === 'enum' || key === 'required'
          ? value
          : validationKeywords(value),
    ]),
  );
}

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

/** The feature level of the first "New in" note among descriptions (a schema's `allOf` parts too). */
function since(node: Node, schema: Node | undefined): { since?: number } {
  const parts = [node, schema, ...((schema?.allOf as Node[] | undefined) ?? [])];
  for (const part of parts) {
    const note = typeof part?.description === 'string' ? NEW_IN_NOTE.exec(part.description) : null;
    if (note) return { since: Number(note[1]) };
  }
  return {};
}

function described(node: Node, json: boolean, schema: unknown): Pick<ReferenceParam, 'json' | 'schema' | 'since' | 'deprecated'> {
  return {
    json,
    schema: validationKeywords(schema ?? {}) as Node,
    ...since(node, schema as Node | undefined),
    ...(node.deprecated === true || (schema as Node | undefined)?.deprecated === true ? { deprecated: true as const } : {}),
  };
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
