import type { ChatEvent } from '../schemas/events';
import type { RealmUser } from '../schemas/user';
import type { RegisterResponse } from '../schemas/event-queue';
import type { CustomProfileField } from '../schemas/profile-field';
import type { ApplyEventContext } from './unread';

type RealmUserEvent = Extract<ChatEvent, { type: 'realm_user' }>;
type Person = RealmUserEvent['person'];

const OWNER = 100;
const ADMINISTRATOR = 200;
const MODERATOR = 300;
const GUEST = 600;

function roleFlags(role: number) {
  return { is_owner: role === OWNER, is_admin: role <= ADMINISTRATOR, is_guest: role === GUEST };
}

const GRAVATAR = 'https://secure.gravatar.com/';

/** Short and long text fields: their values carry a rendering. */
const RENDERED_FIELD_TYPES: ReadonlySet<number> = new Set([1, 2]);

type ProfileFieldUpdate = NonNullable<Person['custom_profile_field']>;

/**
 * A value as the registration lists it. The event leaves out an empty rendering (an empty text
 * value's), which the registration lists as `rendered_value: ""`; the field's type, known when the
 * state has the fields, tells which values have one.
 */
function listedProfileValue(field: ProfileFieldUpdate & { value: string }, fields: readonly CustomProfileField[] | undefined) {
  const { id: _id, ...entry } = field;
  const type = fields?.find((candidate) => candidate.id === field.id)?.type;
  const rendered = type !== undefined && RENDERED_FIELD_TYPES.has(type);
  return rendered && entry.rendered_value === undefined ? { ...entry, rendered_value: '' } : entry;
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

/** The user object after one `update`'s property. */
function updatedUser(user: RealmUser, person: Person, clientGravatar: boolean, fields: readonly CustomProfileField[] | undefined): RealmUser {
  const next: RealmUser = { ...user };
  if (person.full_name !== undefined) next.full_name = person.full_name;
  if (person.role !== undefined) Object.assign(next, { role: person.role, ...roleFlags(person.role) });
  if (person.new_email !== undefined) next.email = person.new_email;
  if (person.delivery_email !== undefined) next.delivery_email = person.delivery_email;
  if (person.timezone !== undefined) next.timezone = person.timezone;
  if (person.bot_owner_id !== undefined) next.bot_owner_id = person.bot_owner_id;
  if (person.avatar_url !== undefined) next.avatar_url = listedAvatarUrl(next, person.avatar_url, clientGravatar);
  if (person.avatar_version !== undefined) next.avatar_version = person.avatar_version;
  const field = person.custom_profile_field;
  if (field !== undefined && next.profile_data !== undefined) {
    const { [String(field.id)]: _old, ...rest } = next.profile_data;
    const { value } = field;
    next.profile_data = value === null ? rest : { ...rest, [String(field.id)]: listedProfileValue({ ...field, value }, fields) };
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
    Object.assign(next, { ...roleFlags(person.role), is_moderator: person.role === MODERATOR });
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

/**
 * The placeholder a guest who may not see a user has of them (the server's
 * `get_data_for_inaccessible_user`): the placeholder address at the realm's host (its
 * `realm_bot_domain`), and the server's unknown-user avatar.
 */
function inaccessibleUser(state: RegisterResponse, userId: number, fullName: string): RealmUser {
  return {
    email: `user${userId}@${state.realm_bot_domain ?? ''}`,
    user_id: userId,
    avatar_version: 1,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    role: 400,
    is_bot: false,
    full_name: fullName,
    timezone: '',
    date_joined: '1970-01-01T00:00:00+00:00',
    delivery_email: null,
    avatar_url: `${state.realm_url ?? ''}/static/images/unknown-user-avatar.png`,
    profile_data: {},
  };
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
 * someone they now may see), and a `remove` (a guest no longer may) turns the entry into the
 * "Unknown user" placeholder, or drops it when the state was registered with the
 * `user_list_incomplete` capability (`context.clientCapabilities`).
 */
export function applyRealmUser(state: RegisterResponse, event: RealmUserEvent, context?: ApplyEventContext): RegisterResponse {
  const { realm_users: active, realm_non_active_users: inactive } = state;
  if (active === undefined || inactive === undefined) return state;
  const { person } = event;
  if (event.op === 'add') return withUser(state, listedUser(person), person.is_active !== false);
  const isPerson = (user: RealmUser) => user.user_id === person.user_id;
  if (event.op === 'remove') {
    if (!active.some(isPerson) && !inactive.some(isPerson)) return state;
    if (context?.clientCapabilities?.user_list_incomplete === true) {
      return { ...state, realm_users: active.filter((user) => !isPerson(user)), realm_non_active_users: inactive.filter((user) => !isPerson(user)) };
    }
    return withUser(state, inaccessibleUser(state, person.user_id, person.full_name ?? 'Unknown user'), true);
  }
  if (event.op !== 'update') return state;
  const activeEntry = active.find(isPerson);
  const current = activeEntry ?? inactive.find(isPerson);
  if (!current) return updatedSelf(state, person);
  const isActive = person.is_active ?? activeEntry !== undefined;
  const updated = updatedUser(current, person, context?.clientGravatar ?? true, state.custom_profile_fields);
  const others = (list: readonly RealmUser[]) => list.filter((user) => !isPerson(user));
  const withUpdated = (list: readonly RealmUser[]) => [...others(list), updated].sort(byId);
  return updatedSelf(
    {
      ...state,
      realm_users: isActive ? withUpdated(active) : others(active),
      realm_non_active_users: isActive ? others(inactive) : withUpdated(inactive),
    },
    person,
  );
}
