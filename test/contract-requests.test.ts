import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineEndpoint } from '../src/contract/endpoint';
import { endpoints } from '../src/index';
import { fileParam } from '../src/contract/wire';
import type { ReferenceParam } from '../scripts/reference-requests';
import { REQUEST_DEVIATIONS } from './reference/request-deviations';
import { apiReference } from './support/reference';
import { type RequestProblem, requestProblems } from './support/request-contract';

const reference = apiReference();
const components = reference.components.schemas;
const declared = Object.values(endpoints);

/** Whether a listed key covers a problem: itself, or `*: aspect` for every parameter. */
function covers(key: string, problem: RequestProblem): boolean {
  return key === problem.key || (key.startsWith('*: ') && problem.key.endsWith(key.slice(1)));
}

/** What is left once the listed deviations are taken out, and the listed ones that did not occur. */
function unexplained(route: string, endpoint: (typeof declared)[number]) {
  const listed = Object.keys(REQUEST_DEVIATIONS[route] ?? {});
  const problems = requestProblems(endpoint, reference.requests[route] ?? [], components);
  return {
    problems: problems.filter((problem) => !listed.some((key) => covers(key, problem))).map((problem) => `${problem.key} (${problem.detail})`),
    stale: listed.filter((key) => !problems.some((problem) => covers(key, problem))),
  };
}

/** An operation declaring `params`, compared with the reference's `documented` parameters. */
function problemsOf(params: z.ZodMiniObject, documented: ReferenceParam[], extra: { jsonStrings?: string[] } = {}): string[] {
  const endpoint = defineEndpoint({
    id: 'x', method: 'POST', path: '/x/{id}', params, response: z.object({}), access: { auth: 'api_key' },
    retrySafe: false, featureLevel: 1, requires: [{ param: 'newer', since: 400 }], ...extra,
  });
  return requestProblems(endpoint, documented, { Value: { oneOf: [{ type: 'integer' }, { type: 'string' }] } }).map((problem) => problem.key);
}

const body = (name: string, schema: Record<string, unknown>, more: Partial<ReferenceParam> = {}): ReferenceParam => ({
  name, in: 'body', required: false, json: false, schema, ...more,
});
const id = { name: 'id', in: 'path', required: true, json: false, schema: { type: 'integer' } } as const;

describe('the request check itself', () => {
  it('accepts a matching declaration; JSON integers and booleans left unmarked, as the reference does', () => {
    const params = z.object({ id: z.int(), name: z.string(), count: z.optional(z.int()), on: z.optional(z.boolean()), ids: z.optional(z.array(z.int())) });
    const documented = [id, body('name', { type: 'string' }, { required: true }), body('count', { type: 'integer' }), body('on', { type: 'boolean' }), body('ids', { type: 'array', items: { type: 'integer' } }, { json: true })];
    expect(problemsOf(params, documented)).toEqual([]);
  });

  it('reports text sent raw where the server reads JSON text, and the reverse', () => {
    const params = z.object({ id: z.int(), url: z.optional(z.string()), ids: z.optional(z.array(z.int())) });
    const documented = [id, body('url', { type: 'string' }, { json: true }), body('ids', { type: 'array', items: { type: 'integer' } })];
    expect(problemsOf(params, documented)).toEqual(['url: wire', 'ids: wire']);
    expect(problemsOf(params, documented.slice(0, 2), { jsonStrings: ['url'] })).toEqual(['ids: extra']);
  });

  it('reports a documented parameter left out, a null the server may refuse, required-ness, kinds and enumerations', () => {
    const params = z.object({
      id: z.int(), group_ids: z.optional(z.nullable(z.array(z.int()))), op: z.enum(['add', 'remove', 'toggle']),
      value: z.optional(z.int()), newer: z.optional(z.boolean()), stray: z.optional(z.string()),
    });
    const documented = [
      id, body('group_ids', { type: 'array', items: { type: 'integer' } }, { json: true }), body('op', { type: 'string', enum: ['add', 'remove'] }),
      body('value', { $ref: '#/components/schemas/Value' }, { json: true, required: true }), body('missing', { type: 'string' }),
    ];
    expect(problemsOf(params, documented)).toEqual(['group_ids: type', 'op: required', 'op: enum', 'value: required', 'value: type', 'missing: absent', 'stray: extra']);
  });

  it('reads the type of a note-only `allOf` part and a `$ref` from the `$ref`', () => {
    const documented = [id, body('group', { allOf: [{}, { $ref: '#/components/schemas/Value' }] }, { json: true })];
    expect(problemsOf(z.object({ id: z.int(), group: z.optional(z.union([z.int(), z.string()])) }), documented)).toEqual([]);
    expect(problemsOf(z.object({ id: z.int(), group: z.optional(z.boolean()) }), documented)).toEqual(['group: type']);
  });

  it('reports a parameter the reference dates after the operation unless a requirement names it at that level', () => {
    const params = z.object({ id: z.int(), newer: z.optional(z.boolean()), late: z.optional(z.boolean()), old: z.optional(z.boolean()) });
    const dated = (name: string, since: number) => body(name, { type: 'boolean' }, { since });
    expect(problemsOf(params, [id, dated('newer', 400), dated('late', 300), dated('old', 1)])).toEqual(['late: since']);
    expect(problemsOf(params, [id, dated('newer', 350), dated('late', 300)])).toEqual(['newer: since', 'late: since', 'old: extra']);
  });

  it("matches a file whatever its field name, as the server reads every uploaded file", () => {
    const params = z.object({ id: z.int(), file: fileParam(z.instanceof(Blob)) });
    expect(problemsOf(params, [id, body('filename', { type: 'string', format: 'binary' })])).toEqual([]);
  });
});

describe('request parameters against the reference OpenAPI file', () => {
  const documented = declared.filter((endpoint) => reference.requests[`${endpoint.method} ${endpoint.path}`]);

  it.each(documented.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s declares what the reference documents (names, places, wire format, required-ness, types, levels)',
    (route, endpoint) => {
      expect(unexplained(route, endpoint)).toEqual({ problems: [], stale: [] });
    },
  );

  it('every documented operation is declared, and every listed deviation belongs to one', () => {
    const routes = new Set(declared.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    expect(Object.keys(reference.requests).filter((route) => !routes.has(route))).toEqual([]);
    expect(Object.keys(REQUEST_DEVIATIONS).filter((route) => !reference.requests[route] || !routes.has(route))).toEqual([]);
  });
});
