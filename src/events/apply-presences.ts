import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

/**
 * The modern entry (`slim_presence`) a legacy `website` entry stands for, as the server's reducer
 * reads it from its database: the server sends the event when a user comes online (both times
 * then are the report's); an idle report moved only the connected time, the active one being the
 * previous entry's, else the user's join (the server's default). Undefined when neither is known.
 */
function modernPresence(state: RegisterResponse, userId: number, status: string, timestamp: number) {
  if (status === 'active') return { active_timestamp: timestamp, idle_timestamp: timestamp };
  const previous = state.presences?.[String(userId)] as { active_timestamp?: number } | undefined;
  const joined = [...(state.realm_users ?? []), ...(state.realm_non_active_users ?? [])].find((user) => user.user_id === userId)?.date_joined;
  const active = previous?.active_timestamp ?? (joined ? Math.floor(Date.parse(joined) / 1000) : undefined);
  return active === undefined ? undefined : { active_timestamp: active, idle_timestamp: timestamp };
}

/**
 * A `presence` event on the `presences` state: modern entries (`simplified_presence_events`) are
 * merged by user ID; a legacy event's `website` entry replaces the user's entry keyed by email,
 * or, for a slim queue's (no email), the modern entry keyed by user ID ({@link modernPresence}).
 */
export function applyPresence(state: RegisterResponse, event: Extract<ChatEvent, { type: 'presence' }>): RegisterResponse {
  if (state.presences === undefined) return state;
  if (event.presences) return { ...state, presences: { ...state.presences, ...event.presences } };
  const website = event.presence?.website;
  if (!website || (!event.email && event.user_id === undefined)) return state;
  const client = typeof website.client === 'string' ? website.client : 'website';
  const { status, timestamp } = website;
  const entry = event.email
    ? { aggregated: { client, status, timestamp }, website: { ...website, client, status, timestamp } }
    : modernPresence(state, event.user_id ?? 0, status, timestamp);
  if (!entry) return state;
  return {
    ...state,
    presences: { ...state.presences, [event.email ?? String(event.user_id)]: entry },
    ...(event.server_timestamp === undefined ? {} : { server_timestamp: event.server_timestamp }),
  };
}

/**
 * A user's new API email (a `realm_user` `update` with `new_email`: their address shown or hidden)
 * in the legacy `presences`, keyed by API email: the entry moves to the new key, as a fresh
 * registration keys it (the server sends no `presence` event for it, and its own reducer leaves
 * the old key). `oldEmail` is the user's email as the state knew it.
 */
export function applyPresenceEmailChange(state: RegisterResponse, oldEmail: string | undefined, newEmail: string): RegisterResponse {
  const presences = state.presences;
  const entry = oldEmail === undefined ? undefined : presences?.[oldEmail];
  if (presences === undefined || entry === undefined) return state;
  const moved = { ...presences, [newEmail]: entry };
  if (oldEmail !== newEmail) delete moved[oldEmail as string];
  return { ...state, presences: moved };
}
