import type * as z from 'zod/mini';
import type { GetEventsParams, GetEventsResponse, RegisterParams, RegisterResponse } from '../../../src/schemas/event-queue';
import { ON_THE_FLY_CAPABILITY_NAMES } from '../../../src/contract/client-capabilities';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { knowsCapability } from '../feature-levels';
import { MOCK_ZULIP_VERSION } from '../server-settings';
import type { MockState } from '../state';
import { isGuest } from '../users';
import { botProfileOf } from '../bots/profile';
import { checkEventTypes } from './event-types';
import { initialState } from './initial-state';
import { checkQueueNarrow } from './narrow';
import { isPronounsFieldTypeSupported } from '../user-agent';
import type { QueueOptions } from './queue';
import { subscriberMode } from '../subscriptions/read';

/** The real server's idle lifespan of a queue, and the longest it allows. */
const DEFAULT_LIFESPAN_SECONDS = 600;
const MAX_LIFESPAN_SECONDS = 7 * 24 * 3600;

type RegisterInput = z.output<typeof RegisterParams>;

/**
 * The queue's options. Of the declared capabilities, only those the realm's level knows count:
 * the server ignores the keys it does not know yet, so every state and event of such a queue
 * keeps the older format.
 */
function queueOptions(state: MockState, params: RegisterInput, clientName: string, pronounsFieldTypeSupported: boolean): QueueOptions {
  const lifespan = params.queue_lifespan_secs ?? 0;
  const capabilities = Object.entries(params.client_capabilities ?? {})
    .filter(([name, value]) => value === true && knowsCapability(state, name))
    .map(([name]) => name);
  return {
    eventTypes: params.event_types ? new Set(params.event_types) : null,
    narrow: params.narrow ?? [],
    applyMarkdown: params.apply_markdown ?? false,
    clientGravatar: params.client_gravatar ?? true,
    slimPresence: params.slim_presence ?? false,
    allPublicStreams: params.all_public_streams ?? false,
    capabilities: new Set(capabilities),
    // Only 0 means the default: a negative lifespan has passed already, so the queue goes at the
    // next collection (the registry's next use), as on the server.
    lifespanMs: (lifespan === 0 ? DEFAULT_LIFESPAN_SECONDS : Math.min(lifespan, MAX_LIFESPAN_SECONDS)) * 1000,
    clientName,
    pronounsFieldTypeSupported,
  };
}

/** Refuses `all_public_streams` to guests, before anything else about the queue is looked at. */
function checkPublicStreamsAccess(user: UserRecord, allPublicStreams: boolean | undefined): void {
  if (allPublicStreams === true && isGuest(user)) throw badRequest('User not authorized for this query');
}

/**
 * What a registration leaves out, from the user's own defaults, as the server reads them: a bot's
 * `default_all_public_streams`, and its `default_events_register_stream` as the narrow.
 */
function withUserDefaults(state: MockState, user: UserRecord, params: RegisterInput): RegisterInput {
  if (!user.is_bot) return params;
  const profile = botProfileOf(state, user.id);
  const registerChannel = profile.default_events_register_stream_id === null ? undefined : state.store.tables.channel.get(profile.default_events_register_stream_id);
  const narrow = (params.narrow ?? []).length === 0 && registerChannel ? [['stream', registerChannel.name] as [string, string]] : params.narrow;
  return { ...params, all_public_streams: params.all_public_streams ?? profile.default_all_public_streams, narrow };
}

/**
 * `POST /register`: creates the queue first and then reads the state, so no change falls between
 * them (the mock runs one request at a time, so `last_event_id` is always -1 here). The
 * `User-Agent` tells whether the client knows the Pronouns profile field type.
 */
export function registerQueue(
  state: MockState,
  user: UserRecord,
  clientName: string,
  params: RegisterInput,
  userAgent: string | null = null,
): z.input<typeof RegisterResponse> {
  checkPublicStreamsAccess(user, params.all_public_streams);
  checkEventTypes(params.event_types);
  checkEventTypes(params.fetch_event_types);
  checkQueueNarrow(state, params.narrow ?? []);
  const queue = state.events.register(user, queueOptions(state, withUserDefaults(state, user, params), clientName, isPronounsFieldTypeSupported(userAgent)));
  const stateTypes = params.fetch_event_types ?? params.event_types ?? null;
  const allowEmptyTopicName = queue.options.capabilities.has('empty_topic_name');
  return {
    queue_id: queue.id,
    last_event_id: queue.nextEventId - 1,
    zulip_version: MOCK_ZULIP_VERSION,
    zulip_merge_base: MOCK_ZULIP_VERSION,
    zulip_feature_level: state.featureLevel,
    ...initialState(state, user, stateTypes, {
      allowEmptyTopicName,
      // Before the capability, every client had the whole list (in its `url_format` form).
      linkifierUrlTemplate: queue.options.capabilities.has('linkifier_url_template') || !knowsCapability(state, 'linkifier_url_template'),
      subscriberMode: subscriberMode(params.include_subscribers),
      archivedChannels: queue.options.capabilities.has('archived_channels'),
      userSettingsObject: queue.options.capabilities.has('user_settings_object'),
      clientGravatar: queue.options.clientGravatar,
      // Clients of modern presence events get the modern state whatever slim_presence says.
      slimPresence: queue.options.slimPresence || queue.options.capabilities.has('simplified_presence_events'),
      presenceHistoryDays: params.presence_history_limit_days,
      includeDeactivatedGroups: queue.options.capabilities.has('include_deactivated_groups'),
      notificationSettingsNull: queue.options.capabilities.has('notification_settings_null'),
      userListIncomplete: queue.options.capabilities.has('user_list_incomplete'),
      pronounsFieldTypeSupported: queue.options.pronounsFieldTypeSupported,
    }),
  };
}

/** What `GET /events` reads: the queue and acknowledgement, or what an on-the-fly queue is made of. */
export type GetEventsInput = z.output<typeof GetEventsParams>;

/**
 * `GET /events` without `queue_id` but with `dont_block`: creates a queue from the request's
 * register-style parameters (markdown and Gravatar off unless asked, capabilities as top-level
 * parameters) and answers its ID.
 */
function onTheFlyQueue(state: MockState, user: UserRecord, clientName: string, input: GetEventsInput) {
  checkEventTypes(input.event_types);
  // Only the first two elements of a term count.
  const narrow = (input.narrow ?? []).map(([operator = '', operand = '']) => [operator, operand] as [string, string]);
  checkQueueNarrow(state, narrow);
  const capabilities = Object.fromEntries(ON_THE_FLY_CAPABILITY_NAMES.map((name) => [name, input[name] === true]));
  const params: RegisterInput = {
    event_types: input.event_types,
    narrow,
    apply_markdown: input.apply_markdown ?? false,
    client_gravatar: input.client_gravatar ?? false,
    slim_presence: input.slim_presence ?? false,
    all_public_streams: input.all_public_streams ?? false,
    client_capabilities: { notification_settings_null: false, ...capabilities },
    queue_lifespan_secs: input.lifespan_secs,
  };
  const queue = state.events.register(user, queueOptions(state, params, clientName, input.pronouns_field_type_supported ?? true));
  return { events: [], queue_id: queue.id };
}

/**
 * `GET /events`: acknowledges, then answers at once when events are pending or `dont_block`,
 * else long-polls until an event, a heartbeat, a newer poll, the queue's deletion or the
 * request's abort; an answer after waiting names the queue.
 */
export async function getEvents(
  state: MockState,
  user: UserRecord,
  clientName: string,
  input: GetEventsInput,
  signal?: AbortSignal,
): Promise<z.input<typeof GetEventsResponse>> {
  // Checked first, also when reading an existing queue, which ignores the parameter otherwise.
  checkPublicStreamsAccess(user, input.all_public_streams);
  if (input.queue_id === undefined) {
    if (input.dont_block) return onTheFlyQueue(state, user, clientName, input);
    throw badRequest("Missing 'queue_id' argument");
  }
  if (input.last_event_id === undefined) throw badRequest("Missing 'last_event_id' argument");
  const queue = state.events.queueOf(user, input.queue_id);
  queue.acknowledge(input.last_event_id);
  queue.interruptWait();
  // An answer given at once does not count as a connection: only a long-poll that waits keeps the
  // queue alive (the server's `last_connection_time`).
  if (queue.pending.length > 0 || input.dont_block) return { events: [...queue.pending] };
  const outcome = await state.events.poll(queue, signal);
  // A poll that waited is answered with its queue named, also when a newer poll or the queue's
  // deletion ends it empty.
  return { events: outcome.completedWait ? outcome.events : [], queue_id: queue.id };
}

/** `DELETE /events`. */
export function deleteQueue(state: MockState, user: UserRecord, queueId: string): Record<string, never> {
  state.events.delete(user, queueId);
  return {};
}
