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
  /** @default 'member' */
  readonly role?: RoleName | undefined;
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

function activeEmails(state: MockState): string[] {
  return state.store.tables.user.all().filter((user) => user.is_active).map((user) => user.delivery_email);
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

/**
 * Runs a factory, turning a refusal of the API's own checks (an ill-formed email, a name too
 * short) into a `MockMisuseError` that names the factory and its argument: the server's message
 * alone (`Bad name or username`) does not say which value it means. A password or key in the
 * argument shows as `[redacted]`: messages end up in logs.
 */
function refusedAsMisuse<A, R>(factory: string, run: (argument: A) => R): (argument: A) => R {
  return (argument) => {
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
      if (role !== 'member') {
        realm.store.tables.user.update(id, { role: ROLE_VALUES[role] });
        realm.events.record({ kind: 'realm_user_updated', userId: id, person: { role: ROLE_VALUES[role] } });
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
      const realm = state();
      const sender = userOrTeach(realm, options.from);
      if ('channel' in options) {
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
      const recipients = options.to.map((email) => userOrTeach(realm, email).id);
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
