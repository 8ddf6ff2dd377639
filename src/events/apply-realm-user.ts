import type { ChatEvent } from '../schemas/events';
import type { RealmUser } from '../schemas/user';
import type { RegisterResponse } from '../schemas/event-queue';
import type { ApplyEventContext } from './unread';
import { registeredWith } from './capabilities';
import { subscriberKey } from './apply-channels';

type RealmUserEvent = Extract<ChatEvent, { type: 'realm_user' }>;
type Person = RealmUserEvent['person'];

const OWNER = 100;
const ADMINISTRATOR = 200;
const MODERATOR = 300;
const GUEST = 600;

function roleFlags(role: number) {
  return { is_owner: role === OWNER, is_admin: role <= ADMINISTRATOR, is_guest: role === GUEST };
}

/** From feature level 380, administrators and owners count as moderators too (`is_moderator`). */
const MODERATOR_INCLUDES_ADMINS = 380;
// The level from which user objects, placeholders included, carry `is_imported_stub`.
const IMPORTED_STUB_FIELD = 433;

const GRAVATAR = 'https://secure.gravatar.com/';

/** Short and long text fields: their values carry a rendering. */
const RENDERED_FIELD_TYPES: ReadonlySet<number> = new Set([1, 2]);

type ProfileFieldUpdate = NonNullable<Person['custom_profile_field']>;

/**
 * Whether a field's values carry a rendering, when anything tells: the field's type (from the
 * state's `custom_profile_fields`, else `context.customProfileFields`), else another value of the
 * same field in the state (the registration lists `rendered_value` on every value of such a field).
 */
function fieldIsRendered(state: RegisterResponse, fieldId: number, context: ApplyEventContext | undefined): boolean | undefined {
  const type = (state.custom_profile_fields ?? context?.customProfileFields)?.find((field) => field.id === fieldId)?.type;
  if (type !== undefined) return RENDERED_FIELD_TYPES.has(type);
  for (const user of allUsers(state)) {
    const value = user.profile_data?.[String(fieldId)];
    if (value !== undefined) return value.rendered_value !== undefined;
  }
  return undefined;
}

/**
 * A value as the registration lists it. The event leaves out an empty rendering (an empty text
 * value's), which the registration lists as `rendered_value: ""`; whether the field has one is
 * {@link fieldIsRendered}'s (unknown: left as the event has it, as the server's reducer does).
 */
function listedProfileValue(field: ProfileFieldUpdate & { value: string }, rendered: boolean | undefined) {
  const { id: _id, ...entry } = field;
  return rendered === true && entry.rendered_value === undefined ? { ...entry, rendered_value: '' } : entry;
}

/**
 * Whether everyone may see the user's address: their API email is then the address itself, not
 * their placeholder `user{id}@{realm host}` (the server's reducer asks its database instead).
 */
function addressIsPublic(user: RealmUser): boolean {
  return !user.email.startsWith(`user${user.user_id}@`);
}

/** An avatar URL as the registration shows it: null for a Gravatar the client computes itself (`client_gravatar`). */
function listedAvatarUrl(user: RealmUser, url: string | null, clientGravatar: boolean): string | null {
  return clientGravatar && url?.startsWith(GRAVATAR) === true && addressIsPublic(user) ? null : url;
}

/**
 * The user object after one `update`: as the server's reducer, every field the user object
 * already has takes the event's value (`full_name`, `role`, `timezone`, `is_imported_stub`, ...),
 * the role's flags follow the role, `new_email` is the new `email`, and the avatar and a profile
 * field's value are listed as the registration lists them.
 */
function updatedUser(user: RealmUser, person: Person, clientGravatar: boolean, rendered: (fieldId: number) => boolean | undefined): RealmUser {
  const next: RealmUser = { ...user };
  for (const [key, value] of Object.entries(person)) if (key in user && key !== 'avatar_url') (next as Record<string, unknown>)[key] = value;
  if (person.role !== undefined) Object.assign(next, roleFlags(person.role));
  if (person.new_email !== undefined) next.email = person.new_email;
  if (person.avatar_url !== undefined) next.avatar_url = listedAvatarUrl(next, person.avatar_url, clientGravatar);
  const field = person.custom_profile_field;
  if (field !== undefined && next.profile_data !== undefined) {
    const { [String(field.id)]: _old, ...rest } = next.profile_data;
    const { value } = field;
    next.profile_data = value === null ? rest : { ...rest, [String(field.id)]: listedProfileValue({ ...field, value }, rendered(field.id)) };
  }
  return next;
}

function byId(a: RealmUser, b: RealmUser): number {
  return a.user_id - b.user_id;
}

/** The caller's own identity fields after an update to themselves. */
function updatedSelf(state: RegisterResponse, person: Person): RegisterResponse {
  if (state.user_id !== person.user_id) return state;
  const next = { ...state };
  if (person.full_name !== undefined && next.full_name !== undefined) next.full_name = person.full_name;
  if (person.new_email !== undefined && next.email !== undefined) next.email = person.new_email;
  if (typeof person.delivery_email === 'string' && next.delivery_email !== undefined) next.delivery_email = person.delivery_email;
  if (person.role !== undefined && next.is_admin !== undefined) {
    const isModerator = (state.zulip_feature_level ?? 0) >= MODERATOR_INCLUDES_ADMINS ? person.role <= MODERATOR : person.role === MODERATOR;
    Object.assign(next, { ...roleFlags(person.role), is_moderator: isModerator });
  }
  if (person.avatar_url !== undefined && next.avatar_url !== undefined) {
    if (person.avatar_source !== undefined) next.avatar_source = person.avatar_source;
    // The own avatar is never left to the client to compute: a null (client_gravatar) keeps it.
    if (person.avatar_url !== null) next.avatar_url = person.avatar_url;
    if (person.avatar_url_medium !== undefined && person.avatar_url_medium !== null) next.avatar_url_medium = person.avatar_url_medium;
  }
  return next;
}

/** An `add` event's user as the state's lists hold it: the list, not a field, says it is active. */
function listedUser(person: Person): RealmUser {
  const { is_active: _active, ...user } = person as RealmUser & { is_active?: boolean };
  return user;
}

/** The server's placeholders of users a limited guest may not see are all joined at the epoch. */
const EPOCH = '1970-01-01T00:00:00+00:00';
const INACCESSIBLE_USER_NAME = 'Unknown user';

function allUsers(state: RegisterResponse): RealmUser[] {
  return [...(state.realm_users ?? []), ...(state.realm_non_active_users ?? [])];
}

/** The host part of a `user{id}@` placeholder address. */
function placeholderDomain(user: RealmUser): string {
  return user.email.slice(`user${user.user_id}@`.length);
}

/**
 * Where the placeholder's address and avatar come from, in this order: a placeholder already in
 * the state (for the address, any user whose address is their `user{id}@` one, at the same host);
 * `context.inaccessibleUser`; the state's `realm_bot_domain` and `realm_url` (the avatar then has
 * the unhashed static name of a development server or the mock, not a production server's).
 */
function placeholderParts(state: RegisterResponse, context: ApplyEventContext | undefined): { emailDomain: string; avatarUrl: string } {
  const users = allUsers(state);
  const placeholder = users.find((user) => user.full_name === INACCESSIBLE_USER_NAME && user.date_joined === EPOCH && !addressIsPublic(user));
  const hiddenAddress = placeholder ?? users.find((user) => !addressIsPublic(user));
  const emailDomain = (hiddenAddress && placeholderDomain(hiddenAddress)) ?? context?.inaccessibleUser?.emailDomain ?? state.realm_bot_domain ?? '';
  const avatarUrl =
    placeholder?.avatar_url ?? context?.inaccessibleUser?.avatarUrl ?? `${state.realm_url ?? ''}/static/images/unknown-user-avatar.png`;
  return { emailDomain, avatarUrl };
}

/**
 * The placeholder a guest who may not see a user has of them (the server's
 * `get_data_for_inaccessible_user`), its address and avatar from {@link placeholderParts}.
 */
function inaccessibleUser(state: RegisterResponse, userId: number, fullName: string, context: ApplyEventContext | undefined): RealmUser {
  const { emailDomain, avatarUrl } = placeholderParts(state, context);
  const placeholder: RealmUser = {
    email: `user${userId}@${emailDomain}`,
    user_id: userId,
    avatar_version: 1,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    role: 400,
    is_bot: false,
    full_name: fullName,
    timezone: '',
    date_joined: EPOCH,
    delivery_email: null,
    avatar_url: avatarUrl,
    profile_data: {},
  };
  return (state.zulip_feature_level ?? 0) >= IMPORTED_STUB_FIELD ? { ...placeholder, is_imported_stub: false } : placeholder;
}

/**
 * A `custom_profile_fields` event on the users: values of fields it no longer lists (a deleted
 * field's) leave every user's `profile_data`, as the server's reducer drops them.
 */
export function withoutDeletedProfileFields(state: RegisterResponse, fieldIds: readonly number[]): RegisterResponse {
  const next: Record<string, unknown> = { ...state };
  for (const list of ['realm_users', 'realm_non_active_users'] as const) {
    next[list] &&= state[list]?.map((user) =>
      user.profile_data ? { ...user, profile_data: Object.fromEntries(Object.entries(user.profile_data).filter(([id]) => fieldIds.includes(Number(id)))) } : user,
    );
  }
  return next as RegisterResponse;
}

/** The registration's channel lists whose entries carry `subscribers`. */
const SUBSCRIBER_LISTS = ['subscriptions', 'unsubscribed', 'never_subscribed'] as const;

/** The state with the user out of the `subscribers` (or `partial_subscribers`) of its channel lists (registered with `include_subscribers`). */
function withoutSubscriber(state: RegisterResponse, userId: number): RegisterResponse {
  const next: Record<string, unknown> = { ...state };
  for (const list of SUBSCRIBER_LISTS) {
    const channels = state[list] as readonly Record<string, unknown>[] | undefined;
    next[list] &&= channels?.map((channel) => {
      const key = subscriberKey(channel);
      return key ? { ...channel, [key]: (channel[key] as number[]).filter((id) => id !== userId) } : channel;
    });
  }
  return next as RegisterResponse;
}

/**
 * `remove`: the user's entry becomes the placeholder (dropped with `user_list_incomplete`), and,
 * as the server's reducer does, the user leaves every channel's `subscribers`.
 */
function removedUser(state: RegisterResponse, person: Person, context: ApplyEventContext | undefined): RegisterResponse {
  const isPerson = (user: RealmUser) => user.user_id === person.user_id;
  const { realm_users: active, realm_non_active_users: inactive } = state;
  let next = state;
  if (active !== undefined && inactive !== undefined && (active.some(isPerson) || inactive.some(isPerson))) {
    next =
      registeredWith(state, context, 'user_list_incomplete') === true
        ? { ...state, realm_users: active.filter((user) => !isPerson(user)), realm_non_active_users: inactive.filter((user) => !isPerson(user)) }
        : withUser(state, inaccessibleUser(state, person.user_id, person.full_name ?? INACCESSIBLE_USER_NAME, context), true);
  }
  return withoutSubscriber(next, person.user_id);
}

/** The lists with `user` in place of any entry of the same ID, in the list its activity says, by ID. */
function withUser(state: RegisterResponse, user: RealmUser, isActive: boolean): RegisterResponse {
  const others = (list: readonly RealmUser[] = []) => list.filter((entry) => entry.user_id !== user.user_id);
  const withIt = (list: readonly RealmUser[] = []) => [...others(list), user].sort(byId);
  return {
    ...state,
    realm_users: isActive ? withIt(state.realm_users) : others(state.realm_users),
    realm_non_active_users: isActive ? others(state.realm_non_active_users) : withIt(state.realm_non_active_users),
  };
}

/**
 * Applies a `realm_user` event to `realm_users` / `realm_non_active_users` (deactivation and
 * reactivation move a user between them) and to the caller's own identity fields. An avatar
 * change follows the registration's `client_gravatar` (`context.clientGravatar`, default true).
 * As the server's reducer: an `add` replaces an entry of the same user (a guest's placeholder of
 * someone they now may see), and a `remove` (a guest no longer may) takes the user out of every
 * channel's `subscribers` and turns the entry into the "Unknown user" placeholder (its address and
 * avatar copied from a placeholder in the state, else `context.inaccessibleUser`, else the realm's
 * `realm_bot_domain` and `realm_url`), or drops it when the state was registered with the
 * `user_list_incomplete` capability (`context.clientCapabilities`).
 */
export function applyRealmUser(state: RegisterResponse, event: RealmUserEvent, context?: ApplyEventContext): RegisterResponse {
  const { person } = event;
  if (event.op === 'remove') return removedUser(state, person, context);
  const { realm_users: active, realm_non_active_users: inactive } = state;
  if (active === undefined || inactive === undefined) return state;
  if (event.op === 'add') {
    // The server sends the avatar URL whole; its reducer nulls a public Gravatar for `client_gravatar`.
    const user = listedUser(person);
    const listed = user.avatar_url === undefined ? user : { ...user, avatar_url: listedAvatarUrl(user, user.avatar_url, context?.clientGravatar ?? true) };
    return withUser(state, listed, person.is_active !== false);
  }
  if (event.op !== 'update') return state;
  const isPerson = (user: RealmUser) => user.user_id === person.user_id;
  const activeEntry = active.find(isPerson);
  const current = activeEntry ?? inactive.find(isPerson);
  if (!current) return updatedSelf(state, person);
  const isActive = person.is_active ?? activeEntry !== undefined;
  const updated = updatedUser(current, person, context?.clientGravatar ?? true, (fieldId) => fieldIsRendered(state, fieldId, context));
  return updatedSelf(withUser(state, updated, isActive), person);
}
