import { ROLE_VALUES, type RoleName } from '../../src/contract/endpoint';
import { createUser } from '../domain/accounts/create';
import { processNewHumanUser } from '../domain/onboarding/new-human-user';
import { sendMessage } from '../domain/messages/send';
import { ApiFailure } from '../domain/errors';
import type { MockState } from '../domain/state';
import { addSubscription } from '../domain/subscriptions/subscribe';
import { checkCreationPermissions, checkNewChannelGroups, createChannel, newChannelSettings } from '../domain/subscriptions/create-channel';
import type { ChannelRecord, UserRecord } from '../store/store';
import { MockMisuseError, oneOf } from './misuse';
import { checkOptions, type OptionRule, RULES } from './options';

/** A role's wire value: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
export type RoleValue = (typeof ROLE_VALUES)[RoleName];

/** A user a factory made: what a test needs to act as them. */
export interface CreatedUser {
  readonly id: number;
  readonly email: string;
  readonly apiKey: string;
}

/** Options of {@link MockFactories.user}. */
export interface UserFactoryOptions {
  readonly email: string;
  /** @default the part of the email before `@` */
  readonly full_name?: string | undefined;
  /**
   * A role's name, or its wire value as the API's `role` parameters take it (100 owner, 200
   * administrator, 300 moderator, 400 member, 600 guest); anything else is refused.
   * @default 'member'
   */
  readonly role?: RoleName | RoleValue | undefined;
  /** @default 'opensesame' */
  readonly password?: string | undefined;
  /**
   * Onboard the user as `POST /users` does (after the role is set): copies of the recent history
   * of the default channels, and Welcome Bot's starred, unread direct messages. Off by default,
   * so that a fixture's user starts with no messages.
   * @default false
   */
  readonly onboard?: boolean | undefined;
}

/** Options of {@link MockFactories.channel}. */
export interface ChannelFactoryOptions {
  readonly name: string;
  /** Emails of the users to subscribe. @default [] */
  readonly subscribers?: readonly string[] | undefined;
  /** @default false */
  readonly invite_only?: boolean | undefined;
  /** @default '' */
  readonly description?: string | undefined;
}

/** A message to a channel topic, or a direct message to users by email. */
export type MessageFactoryOptions =
  | { readonly from: string; readonly channel: string; readonly topic?: string | undefined; readonly content: string }
  | { readonly from: string; readonly to: readonly string[]; readonly content: string };

/** One-line setup of a realm's content, through the same domain code as the API (events included). */
export interface MockFactories {
  /** A user with a role; answers their ID, email and API key. */
  user(options: UserFactoryOptions): CreatedUser;
  /** A channel with subscribers; answers its ID. */
  channel(options: ChannelFactoryOptions): { readonly id: number; readonly name: string };
  /** A message; the sender must be subscribed to the channel. Answers its ID. */
  message(options: MessageFactoryOptions): { readonly id: number };
  /** Several messages in one channel topic, in order; answers their IDs. */
  conversation(options: { readonly channel: string; readonly topic: string; readonly messages: readonly (readonly [from: string, content: string])[] }): number[];
}

const ROLE_NAMES = Object.keys(ROLE_VALUES) as RoleName[];
const roleWire = (role: RoleName | RoleValue): RoleValue => (typeof role === 'number' ? role : ROLE_VALUES[role]);

const ROLE_RULE: OptionRule = {
  allowed: `one of ${ROLE_NAMES.map((name) => `'${name}'`).join(', ')} or their wire values ${ROLE_NAMES.map((name) => `${ROLE_VALUES[name]} (${name})`).join(', ')}`,
  accepts: (value) => (ROLE_NAMES as unknown[]).includes(value) || (Object.values(ROLE_VALUES) as unknown[]).includes(value),
};

/** Each factory's options, and the words a test may use for one of them. */
const OPTIONS = {
  user: {
    rules: { email: RULES.requiredString, full_name: RULES.string, role: ROLE_RULE, password: RULES.string, onboard: RULES.boolean },
    aliases: { name: 'full_name', is_admin: 'role', is_guest: 'role', is_moderator: 'role', is_owner: 'role', api_key: 'password' },
  },
  channel: {
    rules: { name: RULES.requiredString, subscribers: RULES.emails, invite_only: RULES.boolean, description: RULES.string },
    aliases: { private: 'invite_only', is_private: 'invite_only', members: 'subscribers', users: 'subscribers', principals: 'subscribers' },
  },
  message: {
    rules: { from: RULES.requiredString, channel: RULES.string, topic: RULES.string, to: RULES.emails, content: RULES.requiredString },
    aliases: { sender: 'from', stream: 'channel', subject: 'topic', text: 'content', body: 'content', recipients: 'to' },
  },
  conversation: {
    rules: {
      channel: RULES.requiredString,
      topic: RULES.requiredString,
      messages: {
        allowed: "a list of [from, content] pairs of strings, such as [['hamlet@zulip.com', 'Hi']]",
        accepts: (value) => Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string')),
        required: true,
      },
    },
    aliases: { stream: 'channel', subject: 'topic' },
  },
} as const satisfies Record<keyof MockFactories, { rules: Record<string, OptionRule>; aliases: Record<string, string> }>;

/** A message goes to a channel (with an optional topic) or to users, not both. */
function checkMessageAddress(options: MessageFactoryOptions): void {
  const given = options as Partial<Record<'channel' | 'to' | 'topic', unknown>>;
  if (given.channel !== undefined && given.to !== undefined) {
    throw new MockMisuseError('mock.create.message takes channel (and topic) for a channel message or to for a direct message, not both');
  }
  if (given.channel === undefined && given.to === undefined) {
    throw new MockMisuseError('mock.create.message needs channel (and topic) for a channel message, or to (a list of emails) for a direct message');
  }
  if (given.to !== undefined && given.topic !== undefined) throw new MockMisuseError('mock.create.message: topic is for channel messages; a direct message (to) has none');
}

function activeEmails(state: MockState): string[] {
  return state.store.tables.user.all().filter((user) => user.is_active && !user.is_system_bot).map((user) => user.delivery_email);
}

function userOrTeach(state: MockState, email: string): UserRecord {
  const user = state.store.userByDeliveryEmail(email);
  if (!user) throw new MockMisuseError(`no user ${email} in the realm; create one with mock.create.user({ email: '${email}' }) or ${oneOf(activeEmails(state))}`);
  return user;
}

/** The channels a user is subscribed to (for a user just created: the default channels they joined). */
function subscribedChannels(state: MockState, user: UserRecord): ChannelRecord[] {
  return state.store
    .subscriptionsOfUser(user.id)
    .filter((subscription) => subscription.active)
    .flatMap((subscription) => state.store.tables.channel.get(subscription.channel_id) ?? []);
}

/** The realm's first owner: the acting administrator of factory-made channels and users. */
function owner(state: MockState): UserRecord {
  const found = state.store.tables.user.all().find((user) => user.is_active && user.role === ROLE_VALUES.owner);
  if (!found) throw new MockMisuseError('the realm has no active owner to act for the factories; seed one');
  return found;
}

/** Fields whose values a message must not show: passwords, API keys and the like. */
const SECRET_FIELD = /password|secret|token|(^|_)key$/i;

/** An argument as JSON for a message, with the values of secret fields replaced. */
function shownArgument(argument: unknown): string {
  return JSON.stringify(argument, (field, value: unknown) => (field && SECRET_FIELD.test(field) ? '[redacted]' : value));
}

/** `mock.create.user` asked for a bot (a `bot_type`, `is_bot: true`, `role: 'bot'`): says how bots are made. */
function refuseBotUser(argument: unknown): void {
  if (typeof argument !== 'object' || argument === null) return;
  const given = argument as Record<string, unknown>;
  // `is_bot: false` or `bot_type: null` asks for a human: only an unknown option then.
  const botType = given['bot_type'];
  if ((botType === undefined || botType === null) && given['is_bot'] !== true && given['role'] !== 'bot') return;
  throw new MockMisuseError(
    'mock.create.user makes human users; a bot is made by its owner, as on the server: ' +
      "await mock.clientFor(ownerEmail).bots.create({ short_name, full_name, bot_type }), then mock.clientFor(the bot's email), " +
      'or listed in the seed with bot_type and bot_owner (docs/seed.md)',
  );
}

/**
 * Runs a factory after checking its options ({@link checkOptions}), turning a refusal of the
 * API's own checks (an ill-formed email, a name too short) into a `MockMisuseError` that names
 * the factory and its argument: the server's message alone (`Bad name or username`) does not
 * say which value it means. A password or key in the argument shows as `[redacted]`: messages
 * end up in logs.
 */
function refusedAsMisuse<A, R>(factory: keyof MockFactories, run: (argument: A) => R): (argument: A) => R {
  const { rules, aliases } = OPTIONS[factory];
  return (argument) => {
    if (factory === 'user') refuseBotUser(argument);
    checkOptions(`mock.create.${factory}`, argument, rules, aliases);
    try {
      return run(argument);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      throw new MockMisuseError(`mock.create.${factory}(${shownArgument(argument)}): the server would refuse it: ${error.msg}`, { cause: error });
    }
  };
}

/** The factories of one realm (`mock.create`). */
export function createFactories(state: () => MockState): MockFactories {
  const factories: MockFactories = {
    user({ email, full_name, role = 'member', password = 'opensesame', onboard = false }) {
      const realm = state();
      const existing = realm.store.userByDeliveryEmail(email);
      if (existing) throw new MockMisuseError(`a user ${email} already exists (ID ${existing.id}); pick another email`);
      const name = full_name ?? email.split('@')[0] ?? email;
      const id = createUser(realm, { ...owner(realm), can_create_users: true }, { email, password, full_name: name }, { onboard: false });
      const wire = roleWire(role);
      if (wire !== ROLE_VALUES.member) {
        realm.store.tables.user.update(id, { role: wire });
        realm.events.record({ kind: 'realm_user_updated', userId: id, person: { role: wire } });
      }
      const user = realm.store.tables.user.get(id);
      if (user && onboard) processNewHumanUser(realm, user, subscribedChannels(realm, user));
      return { id, email, apiKey: user?.api_key ?? '' };
    },
    channel({ name, subscribers = [], invite_only = false, description = '' }) {
      const realm = state();
      if (realm.store.channelByName(name)) throw new MockMisuseError(`a channel named ${name} already exists; pick another name`);
      const users = subscribers.map((email) => userOrTeach(realm, email));
      const creator = owner(realm);
      const groups = checkNewChannelGroups(realm, creator, { invite_only });
      const settings = newChannelSettings({ invite_only }, groups, checkCreationPermissions(realm, creator, { invite_only }));
      const channel = createChannel(realm, creator, name, description, settings);
      const additions = users.filter((user) => addSubscription(realm, user, channel)).map((user) => ({ userId: user.id, channelId: channel.id }));
      if (additions.length > 0) realm.events.record({ kind: 'subscriptions_added', additions });
      return { id: channel.id, name: channel.name };
    },
    message(options) {
      checkMessageAddress(options);
      const realm = state();
      const sender = userOrTeach(realm, options.from);
      if ('channel' in options && options.channel !== undefined) {
        const channel = realm.store.channelByName(options.channel);
        if (!channel) {
          const names = realm.store.tables.channel.all().map((record) => record.name);
          throw new MockMisuseError(`no channel named ${options.channel}; create it with mock.create.channel({ name: '${options.channel}' }) or ${oneOf(names)}`);
        }
        if (!realm.store.isSubscribed(sender.id, channel.id)) {
          const mine = realm.store
            .subscriptionsOfUser(sender.id)
            .filter((subscription) => subscription.active)
            .flatMap((subscription) => realm.store.tables.channel.get(subscription.channel_id)?.name ?? []);
          throw new MockMisuseError(`${options.from} is not subscribed to ${channel.name}; subscribe first or ${oneOf(mine)}`);
        }
        const sent = sendMessage(realm, sender, 'factory', { type: 'channel', to: String(channel.id), topic: options.topic ?? 'test', content: options.content });
        return { id: sent.id };
      }
      // checkMessageAddress made sure: no channel, so `to`.
      const { to } = options as Extract<MessageFactoryOptions, { to: unknown }>;
      const recipients = to.map((email) => userOrTeach(realm, email).id);
      return { id: sendMessage(realm, sender, 'factory', { type: 'direct', to: JSON.stringify(recipients), content: options.content }).id };
    },
    conversation({ channel, topic, messages }) {
      return messages.map(([from, content]) => factories.message({ from, channel, topic, content }).id);
    },
  };
  return {
    user: refusedAsMisuse('user', factories.user),
    channel: refusedAsMisuse('channel', factories.channel),
    message: refusedAsMisuse('message', factories.message),
    conversation: refusedAsMisuse('conversation', factories.conversation),
  };
}
