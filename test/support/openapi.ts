import OpenAPIResponseValidator from 'openapi-response-validator';
import { apiReference } from './reference';

/**
 * Fields the spec or a newer server adds inside objects the reference describes (channels, users,
 * events ...): set aside at any depth of any answer when unlisted there. Whole register sections
 * newer than the reference are {@link NEWER_SERVER_REGISTER_FIELDS} instead: set aside only at the
 * top of a register answer, so an operation answering a field of the same name keeps it.
 */
const SPEC_ADDED_FIELDS = new Set([
  'is_imported_stub',
  'topics_policy',
  // The realm's topics policy (feature level 392) in the register state.
  'realm_topics_policy',
  'partial_subscribers',
  'folder_id',
  'local_message_id',
  // The spec's subscription table lists it among the channel's permission settings.
  'can_delete_any_message_group',
  // The channel settings after it (levels 396, 402, 407), which the spec leaves to the server.
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_resolve_topics_group',
  // The spec's custom profile field: "returned only when true".
  'use_for_user_matching',
  // The spec's user object: bots have `bot_type` and `bot_owner_id` (`GET /users/me` as a bot).
  'bot_type',
  'bot_owner_id',
  // Feature level 419: `presence` events in the modern format (`simplified_presence_events`).
  'presences',
  // Feature level 397: whether subscribing told the new subscribers (`send_new_subscription_messages`).
  'new_subscription_messages_sent',
  // Feature level 394: channels' `subscriber_count`.
  'subscriber_count',
  // Feature level 430: each user's visibility setting in `GET /export/realm/consents`.
  'email_address_visibility',
  // Feature level 403: each `realm_incoming_webhook_bots` entry's URL parameters.
  'url_options',
  // Personal settings of levels 385, 398, 411 and 431, in `user_settings` and `realm_user_settings_defaults`.
  'resolved_topic_notice_auto_read_policy',
  'web_left_sidebar_unreads_count_summary',
  'web_left_sidebar_show_channel_folders',
  'web_inbox_show_channel_folders',
  // Realm settings of levels 392, 407, 409, 416 and 434 in the register state.
  'realm_can_set_topics_policy_group',
  'realm_can_set_delete_message_policy_group',
  'realm_require_e2ee_push_notifications',
  'realm_welcome_message_custom_text',
  'realm_send_channel_events_messages',
  // ... and in the `update_dict` events that change the two permission groups.
  'can_set_topics_policy_group',
  'can_set_delete_message_policy_group',
  // Not documented: a `message` event's message for a mirroring client's queue, when the channel
  // is private (zerver/tornado/event_queue.py, in 10.2 and main).
  'invite_only_stream',
]);

/**
 * Register state sections of servers newer than the reference OpenAPI file, which neither the
 * reference nor the spec describes: set aside before validating a register answer. Their shapes
 * come from the newest server's zerver/lib/events.py; the SDK's register schema checks them.
 */
const NEWER_SERVER_REGISTER_FIELDS: ReadonlySet<string> = new Set([
  // Feature levels 389 and 410: the organization's channel folders, and their limits.
  'channel_folders',
  'max_channel_folder_name_length',
  'max_channel_folder_description_length',
  // Feature level 390: the user's navigation views.
  'navigation_views',
  // Feature level 406: the user's registrations for end-to-end encrypted notifications.
  'push_devices',
  // Feature levels 399 and 415: the user's reminders, and the longest note one may have.
  'reminders',
  'max_reminder_note_length',
  // Feature level 397: how many users one request may subscribe and still tell them.
  'max_bulk_new_subscription_messages',
  // Feature level 435: the message report types.
  'server_report_message_types',
]);

/**
 * Event types of servers newer than the reference OpenAPI file, which the reference does not
 * describe: their shapes come from the newest server's zerver/lib/event_types.py, and the SDK's
 * event schemas (checked by parseEvent on every event) are their only contract here.
 */
const NEWER_SERVER_EVENT_TYPES: ReadonlySet<string> = new Set([
  // Feature levels 389 and 418: `channel_folder` add, update and reorder.
  'channel_folder',
  // Feature level 390: `navigation_view` add, update and remove.
  'navigation_view',
  // Feature level 406: `push_device`, a registration's new status.
  'push_device',
  // Feature level 399: `reminders` add and remove.
  'reminders',
]);

/**
 * Events of known types newer than the reference: the `stream` `update` of a channel's
 * `folder_id` (feature level 389), whose value may be null. Checked by the SDK's event schemas only.
 */
function isNewerEventVariant(event: { type?: unknown; op?: unknown; property?: unknown }): boolean {
  return event.type === 'stream' && event.op === 'update' && event.property === 'folder_id';
}

/**
 * Error fields the real server sends (semantics.md §2.1, `desc` of BAD_NARROW §9.1) that no error schema of the
 * reference declares; they are set aside before validating an error body.
 */
const UNDOCUMENTED_ERROR_FIELDS = [
  'var_name1',
  'var_name2',
  'desc',
  // MOVE_MESSAGES_TIME_LIMIT_EXCEEDED: in the example of PATCH /messages/{message_id}, not in its schema.
  'first_message_id_allowed_to_move',
  // CANNOT_DEACTIVATE_GROUP_IN_USE: in the example of POST /user_groups/{id}/deactivate, not in its schema.
  'objections',
  'total_messages_in_topic',
  'total_messages_allowed_to_move',
  // ExpectationMismatchError's data field (lib/exceptions.py): the stale parameter, `old` or `prev_content_sha256`.
  'field_name',
  // REQUEST_VARIABLE_INVALID (RequestVariableConversionError): `var_name` as documented for a missing one, and the value refused.
  'bad_value',
  // CHANNEL_ALREADY_EXISTS (ChannelExistsError, newer than the reference).
  'channel_name',
  // MessagesNotAllowedInEmptyTopicError, TopicsNotAllowedError (feature level 392 and later) and CannotSetTopicsPolicyError.
  'empty_topic_display_name',
];

/**
 * `errors` of the server's ValidationFailureError (lib/exceptions.py): a rejected model's messages
 * by field (linkifiers, code playgrounds), which no schema declares. An invitation's documented
 * `errors` is a list.
 */
function isFieldErrors(key: string, value: unknown): boolean {
  return key === 'errors' && typeof value === 'object' && value !== null && !Array.isArray(value);
}

const validators = new Map<string, OpenAPIResponseValidator | null>();

/** The documented error branches are alternatives that often overlap, so they are read as anyOf. */
function oneOfAsAnyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(oneOfAsAnyOf);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key === 'oneOf' ? 'anyOf' : key, oneOfAsAnyOf(inner)]),
  );
}

/** Responses given as `$ref: '#/components/responses/...'` (the validator does not follow those). */
function resolvedResponses(responses: Record<string, unknown>): Record<string, unknown> {
  const shared = (apiReference().components as { responses?: Record<string, unknown> }).responses ?? {};
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const ref = (response as { $ref?: string }).$ref;
      return [status, ref ? shared[ref.replace('#/components/responses/', '')] : response];
    }),
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
  if (status < 400) return resolvedResponses(responses);
  const documented = jsonSchemaOf(responses[String(status)]);
  const branches = [...(documented ? [oneOfAsAnyOf(documented)] : []), ...errorCatalog()];
  return {
    [String(status)]: { description: 'error', content: { 'application/json': { schema: { anyOf: branches } } } },
  };
}

type Schema = Record<string, unknown>;

/** The `type` (and `op`) values an event variant of the reference declares. */
function enumOf(property: unknown): unknown[] {
  const schema = property as { enum?: unknown[]; allOf?: { enum?: unknown[] }[] } | undefined;
  return [...(schema?.enum ?? []), ...(schema?.allOf ?? []).flatMap((part) => part.enum ?? [])];
}

/** A variant's own properties, or those of its `allOf` parts (the reaction events are written so). */
function variantProperties(variant: Schema): Record<string, unknown> | undefined {
  if (variant.properties) return variant.properties as Record<string, unknown>;
  const parts = (variant.allOf as Schema[] | undefined) ?? [];
  const merged = Object.assign({}, ...parts.map((part) => (part.properties as Record<string, unknown> | undefined) ?? {}));
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/**
 * `GET /events` documents its events as a oneOf of 77 closed variants, so one wrong field
 * reads as 77 failures. Each event is instead checked against the variants of its own `type`
 * and `op`: the responses of a pseudo-operation per event kind.
 */
function eventResponses(type: string | undefined, op: unknown): Record<string, unknown> | undefined {
  const responses = apiReference().responses['GET /events'] as Schema;
  const success = structuredClone(responses['200']) as Schema;
  const body = jsonSchemaOf(success) as { allOf: Schema[] };
  const events = (body.allOf[1]?.properties as Record<string, { items: { oneOf: Schema[] } }>).events;
  if (!events) return undefined;
  if (type === undefined) {
    events.items = {} as never;
    return { '200': success };
  }
  const variants = events.items.oneOf.filter((variant) => {
    const properties = variantProperties(variant);
    if (!enumOf(properties?.type).includes(type)) return false;
    const ops = enumOf(properties?.op);
    return op === undefined || ops.length === 0 || ops.includes(op);
  });
  if (variants.length === 0) return undefined;
  // A single variant is checked directly, so its errors stay specific (and spec-added fields filterable).
  events.items = (variants.length === 1 ? variants[0] : { anyOf: variants }) as never;
  return { '200': success };
}

function eventProblems(body: unknown): string[] | undefined {
  const events = (body as { events?: unknown })?.events;
  if (!Array.isArray(events)) return undefined;
  const { events: _events, ...envelope } = body as Record<string, unknown>;
  const problems: string[] = [];
  for (const event of [undefined, ...(events as { type?: unknown; op?: unknown; property?: unknown }[])]) {
    if (event && isNewerEventVariant(event)) continue;
    const key = event ? `GET /events#${String(event.type)}:${String(event.op)}` : 'GET /events#envelope';
    if (!validators.has(key)) {
      const responses = eventResponses(event && String(event.type), event?.op);
      validators.set(
        key,
        responses
          ? new OpenAPIResponseValidator({ responses, components: apiReference().components } as never)
          : null,
      );
    }
    const validator = validators.get(key);
    if (!validator) {
      if (NEWER_SERVER_EVENT_TYPES.has(String(event?.type))) continue;
      problems.push(`events: the reference has no event of type ${String(event?.type)}`);
      continue;
    }
    problems.push(...problemsOf(validator, 200, event ? { result: 'success', msg: '', events: [event] } : { ...envelope, events: [] }));
  }
  return problems;
}

/**
 * `POST /register` documents 231 state fields; compiling all of them takes seconds per test
 * file. The closed schema is cut to the fields the body has: the rest cannot fail.
 */
function registerProblems(sent: unknown): string[] | undefined {
  if (sent === null || typeof sent !== 'object') return undefined;
  const body = Object.fromEntries(Object.entries(sent).filter(([name]) => !NEWER_SERVER_REGISTER_FIELDS.has(name)));
  const fields = Object.keys(body).sort();
  const key = `POST /register#${fields.join(',')}`;
  if (!validators.has(key)) {
    const success = structuredClone((apiReference().responses['POST /register'] as Schema)['200']) as Schema;
    const schema = jsonSchemaOf(success) as { allOf: { properties?: Record<string, unknown> }[] };
    const own = schema.allOf[1];
    if (!own?.properties) return undefined;
    own.properties = Object.fromEntries(Object.entries(own.properties).filter(([name]) => fields.includes(name)));
    validators.set(
      key,
      new OpenAPIResponseValidator({ responses: { '200': success }, components: apiReference().components } as never),
    );
  }
  const validator = validators.get(key);
  return validator ? problemsOf(validator, 200, body) : undefined;
}

function validatorFor(method: string, path: string, status: number): OpenAPIResponseValidator | null {
  const key = `${method} ${path} ${status < 400 ? 'success' : status}`;
  if (!validators.has(key)) {
    const responses = apiReference().responses[`${method.toUpperCase()} ${path.replace(/#.*$/, '')}`];
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
 * Success fields the real server sends that the reference's schema for the operation leaves out
 * (with `additionalProperties: false`), by `METHOD path`; set aside before validating.
 */
const UNDOCUMENTED_SUCCESS_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // update_subscriptions_backend composes the add view's answer, `unauthorized` included when
  // `authorization_errors_fatal` is false; the reference documents it for POST only.
  'PATCH /users/me/subscriptions': ['unauthorized'],
};

/**
 * Problems of a response body against the operation's documented response for its status,
 * apart from extra fields the spec adds. Empty when it conforms or is undocumented.
 */
export function openApiProblems(method: string, path: string, status: number, spoken: unknown): string[] {
  const body = withReferenceValueNames(spoken);
  if (method.toUpperCase() === 'GET' && path === '/events' && status < 400) {
    const problems = eventProblems(body);
    if (problems) return problems;
  }
  if (method.toUpperCase() === 'POST' && path === '/register' && status < 400) {
    const problems = registerProblems(body);
    if (problems) return problems;
  }
  const validator = validatorFor(method, path, status);
  if (!validator) return [];
  const undocumented = status < 400 ? UNDOCUMENTED_SUCCESS_FIELDS[`${method.toUpperCase()} ${path}`] : undefined;
  const checked =
    typeof body !== 'object' || body === null
      ? body
      : status >= 400
        ? Object.fromEntries(Object.entries(body).filter(([key, value]) => !UNDOCUMENTED_ERROR_FIELDS.includes(key) && !isFieldErrors(key, value)))
        : undocumented
          ? Object.fromEntries(Object.entries(body).filter(([key]) => !undocumented.includes(key)))
          : body;
  return problemsOf(validator, status, checked);
}

/**
 * Fields the spec adds that a server of the reference's release (Zulip 10.0) does not send at all.
 * The others in {@link SPEC_ADDED_FIELDS} are sent there too, only not documented (a bot's
 * `bot_type`), or name an older field as well (`presences` of `GET /realm/presence`).
 */
const SENT_BY_OLDER_SERVERS = new Set(['bot_type', 'bot_owner_id', 'presences', 'invite_only_stream']);
const NEWER_SERVER_FIELDS = new Set([...SPEC_ADDED_FIELDS].filter((field) => !SENT_BY_OLDER_SERVERS.has(field)));

function without(fields: ReadonlySet<string>, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => without(fields, item));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !fields.has(key))
      .map(([key, inner]) => [key, without(fields, inner)]),
  );
}

/** Values the spec names differently from the reference: the spec's name -> the reference's, by field. */
const SPEC_VALUE_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // The spec's Reaction object (and user status) calls the extra emoji type `service_extra_emoji`.
  reaction_type: { service_extra_emoji: 'zulip_extra_emoji' },
};

/** The body with the spec's names of values replaced by the reference's, at any depth. */
function withReferenceValueNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withReferenceValueNames);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const renamed = typeof inner === 'string' ? SPEC_VALUE_NAMES[key]?.[inner] : undefined;
      return [key, renamed ?? withReferenceValueNames(inner)];
    }),
  );
}

/** The body without the fields the spec adds, at any depth. */
function withoutSpecAddedFields(value: unknown): unknown {
  return without(SPEC_ADDED_FIELDS, value);
}

/**
 * The feature level of the oldest server whose answers the contract tests check the SDK against:
 * Zulip 7.0 (feature level 185). {@link asOlderServerSends} leaves out every field the reference
 * marks "New in Zulip X.Y (feature level N)" with N above it.
 */
export const OLDEST_CHECKED_FEATURE_LEVEL = 185;

const FEATURE_LEVEL_KEY = 'x-new-at-feature-level';

function resolved(schema: unknown): Schema | undefined {
  let current = schema as Schema | undefined;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 10; depth++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = (apiReference().components.schemas as Record<string, Schema>)[name];
  }
  return current && typeof current === 'object' ? current : undefined;
}

/** The feature level the reference gives a field's schema (on itself or an `allOf` part), if any. */
function newAtFeatureLevel(schema: unknown, depth = 0): number | undefined {
  const node = resolved(schema);
  if (!node || depth > 5) return undefined;
  const own = node[FEATURE_LEVEL_KEY];
  if (typeof own === 'number') return own;
  const levels = ((node.allOf as unknown[] | undefined) ?? [])
    .map((part) => newAtFeatureLevel(part, depth + 1))
    .filter((level): level is number => level !== undefined);
  return levels.length > 0 ? Math.max(...levels) : undefined;
}

/** Whether an alternative of a oneOf/anyOf can describe the object (its `type` and `op` enums allow them). */
function admits(branch: Schema, value: Record<string, unknown>): boolean {
  const properties = variantProperties(branch);
  return ['type', 'op'].every((key) => {
    const allowed = enumOf(resolved(properties?.[key]));
    return allowed.length === 0 || !(key in value) || allowed.includes(value[key]);
  });
}

/** The plain schemas (no $ref, allOf, oneOf, anyOf) a value is described by. */
function flattened(schema: unknown, value: unknown, depth = 0): Schema[] {
  const node = resolved(schema);
  if (!node || depth > 20) return [];
  const own = Object.fromEntries(Object.entries(node).filter(([key]) => !['allOf', 'oneOf', 'anyOf'].includes(key)));
  const alternatives = [...((node.oneOf as Schema[] | undefined) ?? []), ...((node.anyOf as Schema[] | undefined) ?? [])];
  const chosen =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? alternatives.filter((branch) => admits(resolved(branch) ?? {}, value as Record<string, unknown>))
      : alternatives;
  return [
    own,
    ...((node.allOf as Schema[] | undefined) ?? []).flatMap((part) => flattened(part, value, depth + 1)),
    ...chosen.flatMap((part) => flattened(part, value, depth + 1)),
  ];
}

/**
 * The level the reference gives an event's kind: the lowest "New in ... (feature level N)" of the
 * `GET /events` variants of its `type` (and `op`), or undefined when one of them has none (the kind
 * is older than levels) or the reference describes no such event.
 */
export function eventKindLevel(event: { type?: unknown; op?: unknown }): number | undefined {
  const body = jsonSchemaOf((apiReference().responses['GET /events'] as Schema)['200']) as { allOf: Schema[] };
  const events = (body.allOf[1]?.properties as Record<string, { items: { oneOf: Schema[] } }> | undefined)?.events;
  const variants = (events?.items.oneOf ?? []).filter((variant) => {
    const properties = variantProperties(variant);
    return enumOf(properties?.type).includes(event.type) && admits(variant, event as Record<string, unknown>);
  });
  const levels = variants.map((variant) => newAtFeatureLevel(variant));
  if (levels.length === 0 || levels.some((level) => level === undefined)) return undefined;
  return Math.min(...(levels as number[]));
}

/** The value without the fields its schema marks as new after `floor`, at any depth. */
function olderShape(value: unknown, schemas: unknown[], floor: number): unknown {
  const plain = schemas.flatMap((schema) => flattened(schema, value));
  if (Array.isArray(value)) {
    const items = plain.map((schema) => schema.items).filter((items) => items !== undefined);
    return value.map((item) => olderShape(item, items, floor));
  }
  if (value === null || typeof value !== 'object') return value;
  // A field marked new at the level its object appeared (an event's own field) came with the object.
  const objectLevel = Math.max(0, ...plain.map((schema) => schema[FEATURE_LEVEL_KEY]).filter((level): level is number => typeof level === 'number'));
  const kept: [string, unknown][] = [];
  for (const [key, inner] of Object.entries(value)) {
    const named = plain
      .map((schema) => (schema.properties as Record<string, unknown> | undefined)?.[key])
      .filter((property) => property !== undefined);
    const own =
      named.length > 0
        ? named
        : plain.map((schema) => schema.additionalProperties).filter((extra) => extra && typeof extra === 'object');
    if (named.some((property) => (newAtFeatureLevel(property) ?? 0) > Math.max(floor, objectLevel))) continue;
    kept.push([key, olderShape(inner, own, floor)]);
  }
  return Object.fromEntries(kept);
}

/**
 * A success body as an older server (feature level {@link OLDEST_CHECKED_FEATURE_LEVEL}) would send
 * it: without the fields the spec adds over the reference and without those the reference marks as
 * new after that level, at any depth. The SDK's schemas must accept it, since they leave such
 * fields optional.
 */
export function asOlderServerSends(
  method: string,
  path: string,
  value: unknown,
  floor = OLDEST_CHECKED_FEATURE_LEVEL,
): unknown {
  return withoutFieldsNewerThan(floor, method, path, without(NEWER_SERVER_FIELDS, value));
}

/**
 * A success body without the fields the reference marks as new after `floor`, at any depth, and with
 * the values older servers name differently; fields the reference does not describe stay (those the
 * spec adds too: a field of that name the reference marks in one object, such as `user_settings`'
 * `email_address_visibility` at 163, is left out there).
 */
export function withoutFieldsNewerThan(floor: number, method: string, path: string, body: unknown): unknown {
  const responses = apiReference().responses[`${method.toUpperCase()} ${path.replace(/#.*$/, '')}`];
  const success = jsonSchemaOf(responses?.['200']);
  return withOlderValues(success ? olderShape(body, [success], floor) : body, floor);
}

/**
 * Values older servers name differently, as the reference documents them: a typing event's
 * `message_type` is `private` before feature level 215 (`direct` from then on), a channel's
 * `can_remove_subscribers_group` is `can_remove_subscribers_group_id` before 197.
 */
function withOlderValues(value: unknown, floor: number): unknown {
  if (Array.isArray(value)) return value.map((item) => withOlderValues(item, floor));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const older = Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, withOlderValues(inner, floor)]));
  if (floor < 215 && object.type === 'typing' && object.message_type === 'direct') older.message_type = 'private';
  if (floor < 197 && typeof object.can_remove_subscribers_group === 'number') {
    older.can_remove_subscribers_group_id = object.can_remove_subscribers_group;
    delete older.can_remove_subscribers_group;
  }
  return older;
}

type ValidationError = { path?: string; message: string; errorCode?: string };

function errorsOf(validator: OpenAPIResponseValidator, status: number, body: unknown): ValidationError[] {
  const result = validator.validateResponse(status, body) as { errors: ValidationError[] } | undefined;
  return result?.errors ?? [];
}

/**
 * The validator does not name the extra property of an additionalProperties error, so a body
 * with one is validated again without the spec's added fields: what remains is a real problem.
 */
function problemsOf(validator: OpenAPIResponseValidator, status: number, checked: unknown): string[] {
  let errors = errorsOf(validator, status, checked);
  if (errors.some((error) => error.errorCode?.startsWith('additionalProperties'))) {
    errors = errorsOf(validator, status, withoutSpecAddedFields(checked));
  }
  return errors.map((error) => `${error.path ?? ''} ${error.message}`.trim());
}
