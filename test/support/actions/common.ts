import fc from 'fast-check';
import type { MockServer } from '../../../mock/index';
import type { ChatClient } from '../../../src/index';

/** The acting users: an administrator, three members and a guest. */
export const USERS = ['iago@zulip.com', 'hamlet@zulip.com', 'othello@zulip.com', 'cordelia@zulip.com', 'polonius@zulip.com'] as const;

/** The organization's owner, who acts only where owners alone may (the realm's waiting period). */
const OWNER = 'desdemona@zulip.com';

/** One of the acting users, or the owner. */
export type Actor = (typeof USERS)[number] | typeof OWNER;

/** What an action is performed with: the realm, and the acting user's client. */
export interface ActionContext {
  readonly mock: MockServer;
  readonly client: ChatClient;
}

/** How each kind of an area's actions is performed, one function per kind. */
export type Performers<A extends { kind: string }> = {
  [K in A['kind']]: (context: ActionContext, step: Extract<A, { kind: K }>) => Promise<unknown>;
};

/** An action's arbitrary, with how often it comes up relative to the others (1 unless given). */
export interface WeightedAction<A> {
  readonly weight: number;
  readonly arbitrary: fc.Arbitrary<A>;
}

const CHANNELS = ['Verona', 'Denmark', 'Scotland'] as const;

export const actor = fc.constantFrom(...USERS);
/** For what only administrators may do: mostly the administrator, so that it is done, sometimes anyone, so that it is refused. */
export const mostlyAdministrator: fc.Arbitrary<Actor> = fc.oneof({ weight: 2, arbitrary: fc.constant(USERS[0]) }, { weight: 1, arbitrary: actor });
/** For what only owners may do: mostly the owner, sometimes the administrator, who is refused. */
export const mostlyOwner: fc.Arbitrary<Actor> = fc.oneof({ weight: 3, arbitrary: fc.constant(OWNER) }, { weight: 1, arbitrary: fc.constant(USERS[0]) });
export const channel = fc.constantFrom(...CHANNELS);
export const topic = fc.constantFrom('plans', 'Plans', 'lunch', '');
export const content = fc.constantFrom('hello', 'ping @**King Hamlet**', 'all hands @**all**', '**bold** :smile:', 'see #**Verona>plans**');
/** An index into a list the realm has then (messages, folders, ...): past its end it wraps around. */
export const pick = fc.nat(50);

/** Each arbitrary once, with weight 1. */
export function once<A>(...arbitraries: fc.Arbitrary<A>[]): WeightedAction<A>[] {
  return arbitraries.map((arbitrary) => ({ weight: 1, arbitrary }));
}

/** The `index`th of `items`, wrapping around; undefined when there are none. */
export function nth<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

/** The message IDs the realm has, so that `pick` names one (or, with none, the ID 1). */
export function messageIdAt(mock: MockServer, index: number): number {
  return nth(mock.store.tables.message.all().map((message) => message.id), index) ?? 1;
}

/** A user's ID in the realm (0, which no user has, for an unknown address). */
export function userIdOf(mock: MockServer, email: string): number {
  return mock.store.userByDeliveryEmail(email)?.id ?? 0;
}

/** A channel's ID as the acting user looks it up (refused when the channel is not theirs to see). */
export async function channelIdOf(client: ChatClient, name: string): Promise<number> {
  return (await client.channels.getId({ stream: name })).stream_id;
}
