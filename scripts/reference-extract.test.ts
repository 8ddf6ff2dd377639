import { describe, expect, it } from 'vitest';
import { extractExamples } from './reference-examples';
import { extractReference, specRoutes, stripProse } from './reference-extract';

const sources = { openapi: { file: 'a.yaml', sha256: 'x' }, spec: { file: 'b.md', sha256: 'y' } };

describe('the reference extraction', () => {
  it('drops prose and examples but keeps fields that are named like them', () => {
    const schema = {
      type: 'object',
      description: 'A thing.',
      example: { description: 'x' },
      properties: { description: { type: 'string', description: 'Its description.' }, example: { type: 'integer' } },
      required: ['description'],
    };
    expect(stripProse(schema)).toEqual({
      type: 'object',
      properties: { description: { type: 'string' }, example: { type: 'integer' } },
      required: ['description'],
    });
  });

  it("keeps a description's feature-level note as x-new-at-feature-level", () => {
    const schema = {
      properties: {
        deactivated: { type: 'boolean', description: 'Whether.\n\n**Changes**: New in Zulip 10.0 (feature level 290).' },
        id: { type: 'integer', description: 'The ID. **Changes**: Before Zulip 9.0 (feature level 250), a string.' },
        can_subscribe_group: { allOf: [{ description: 'New in Zulip 10.0 (feature level 357).' }, { $ref: '#/x' }] },
      },
    };
    expect(stripProse(schema)).toEqual({
      properties: {
        deactivated: { type: 'boolean', 'x-new-at-feature-level': 290 },
        id: { type: 'integer' },
        can_subscribe_group: { allOf: [{ 'x-new-at-feature-level': 357 }, { $ref: '#/x' }] },
      },
    });
  });

  it("collects routes from the OpenAPI paths (no documentation pages) and the spec's headings", () => {
    const document = {
      paths: {
        '/messages': { get: { responses: {} }, post: { responses: { 200: { description: 'ok' } } }, parameters: [] },
        '/real-time': { get: {} },
      },
      components: { schemas: { E: { description: 'e', type: 'object' } } },
    };
    const spec = '### Update a bot\'s stored data: PUT /bot_storage\n### Not a route\n';
    expect(specRoutes(spec)).toEqual(['PUT /bot_storage']);
    const reference = extractReference(document, spec, sources);
    expect(reference.routes).toEqual(['GET /dev_list_users', 'GET /messages', 'POST /messages', 'PUT /bot_storage']);
    expect(reference.responses['POST /messages']).toEqual({ 200: {} });
    expect(reference.components.schemas).toEqual({ E: { type: 'object' } });
  });

  it("collects each operation's request parameters: place, required-ness, JSON encoding, schema without prose, level of the name", () => {
    const document = {
      paths: {
        '/users/{user_id}': {
          parameters: [{ $ref: '#/components/parameters/UserId' }],
          patch: {
            parameters: [
              { name: 'ids', in: 'query', description: 'IDs.', content: { 'application/json': { schema: { type: 'array', items: { type: 'integer' } } } } },
              { name: 'flag', in: 'query', deprecated: true, schema: { type: 'boolean', default: false, example: true } },
            ],
            requestBody: { $ref: '#/components/requestBodies/Update' },
            responses: {},
          },
        },
        '/user_uploads': {
          post: { requestBody: { content: { 'multipart/form-data': { schema: { properties: { filename: { type: 'string', format: 'binary' } } } } } } },
        },
      },
      components: {
        parameters: { UserId: { name: 'user_id', in: 'path', required: true, description: 'The ID.', schema: { type: 'integer' } } },
        requestBodies: {
          Update: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  required: ['role'],
                  properties: {
                    role: { type: 'integer', enum: [100, 400], description: 'New in Zulip 3.0 (feature level 8).' },
                    name: { type: 'string', example: 'x' },
                    group: { allOf: [{ description: 'New in Zulip 10.0 (feature level 340).' }, { $ref: '#/components/schemas/GroupSettingValue' }] },
                    include: {
                      type: 'boolean',
                      description: 'Whether. **Changes**: In Zulip 10.0 (feature level 294), renamed `allow` to `include`.\n\nNew in Zulip 10.0 (feature level 290).',
                    },
                    caps: { type: 'object', description: 'New in Zulip 2.1 (feature level 13). `x` is new... New in Zulip 10.0 (feature level 334), `y`.' },
                  },
                },
                encoding: { role: { contentType: 'application/json' }, group: { contentType: 'application/json' } },
              },
            },
          },
        },
      },
    };
    const reference = extractReference(document, '', sources);
    expect(reference.requests['PATCH /users/{user_id}']).toEqual([
      { name: 'user_id', in: 'path', required: true, json: false, schema: { type: 'integer' } },
      { name: 'ids', in: 'query', required: false, json: true, schema: { type: 'array', items: { type: 'integer' } } },
      { name: 'flag', in: 'query', required: false, json: false, schema: { type: 'boolean', default: false } },
      { name: 'role', in: 'body', required: true, json: true, schema: { type: 'integer', enum: [100, 400], 'x-new-at-feature-level': 8 }, since: 8 },
      { name: 'name', in: 'body', required: false, json: false, schema: { type: 'string' } },
      {
        name: 'group', in: 'body', required: false, json: true,
        schema: { allOf: [{ 'x-new-at-feature-level': 340 }, { $ref: '#/components/schemas/GroupSettingValue' }] }, since: 340,
      },
      // Named `include` from its rename, not from the "New in" note; a later note dates a field of it.
      { name: 'include', in: 'body', required: false, json: false, schema: { type: 'boolean', 'x-new-at-feature-level': 290 }, since: 294 },
      { name: 'caps', in: 'body', required: false, json: false, schema: { type: 'object', 'x-new-at-feature-level': 13 }, since: 13 },
    ]);
    expect(reference.requests['POST /user_uploads']).toEqual([
      { name: 'filename', in: 'body', required: false, json: false, schema: { type: 'string', format: 'binary' } },
    ]);
  });

  it('collects the example answers of each route and one example per event format', () => {
    const document = {
      paths: {
        '/users/me': {
          get: {
            responses: {
              200: { content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Base' }, { example: { user_id: 1 } }] } } } },
            },
          },
        },
        '/events': {
          get: {
            responses: {
              200: {
                content: {
                  'application/json': {
                    schema: {
                      properties: { events: { items: { oneOf: [{ $ref: '#/components/schemas/Heartbeat' }, { example: { type: 'restart' } }] } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { Base: { example: { result: 'success', msg: '' } }, Heartbeat: { example: { type: 'heartbeat' } } } },
    };
    expect(extractExamples(document, ['GET /users/me', 'GET /events'])).toEqual({
      responses: { 'GET /users/me': [{ result: 'success', msg: '' }, { user_id: 1 }] },
      events: [{ type: 'heartbeat' }, { type: 'restart' }],
    });
  });
});
