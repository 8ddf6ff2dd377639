import fc from 'fast-check';
import type { MockServer } from '../../mock/index';
import { ApiError, type ChatClient } from '../../src/index';
import { type ChannelAction, channelActions, channelPerformers } from './actions/channels';
import type { ActionContext, Performers, WeightedAction } from './actions/common';
import { type FolderAction, folderActions, folderPerformers } from './actions/folders';
import { type MessageAction, messageActions, messagePerformers } from './actions/messages';
import { type ModerationAction, moderationActions, moderationPerformers } from './actions/moderation';
import { type PeopleAction, peopleActions, peoplePerformers } from './actions/people';
import { type PersonalAction, personalActions, personalPerformers } from './actions/personal';
import { type RealmAction, realmActions, realmPerformers } from './actions/realm';
import { type ReminderAction, reminderActions, reminderPerformers } from './actions/reminders';

/**
 * Random sequences of realistic actions by users of every role, for property tests: each action
 * may be refused by the realm's rules, which is part of what is tested. The actions of each area
 * (messages, channels, folders, ...) are declared in `./actions/`.
 */

export { USERS } from './actions/common';
export { NEW_USER_EMAILS } from './actions/people';
export { prepareRealm } from './actions/setup';
/** Users whose registered state the properties follow. */
export const OBSERVERS = ['hamlet@zulip.com', 'iago@zulip.com', 'polonius@zulip.com'] as const;

/** One thing a user does. */
export type Action = MessageAction | ModerationAction | ReminderAction | ChannelAction | FolderAction | PeopleAction | PersonalAction | RealmAction;

/** Any one action. */
export const action: fc.Arbitrary<Action> = fc.oneof(
  ...([messageActions, moderationActions, reminderActions, channelActions, folderActions, peopleActions, personalActions, realmActions] as WeightedAction<Action>[][]).flat(),
);

const performers: Performers<Action> = {
  ...messagePerformers,
  ...moderationPerformers,
  ...reminderPerformers,
  ...channelPerformers,
  ...folderPerformers,
  ...peoplePerformers,
  ...personalPerformers,
  ...realmPerformers,
};

/** Performs an action through the SDK as its actor; a refusal throws, as the API answered. */
async function perform(mock: MockServer, clients: Map<string, ChatClient>, step: Action): Promise<void> {
  // The owner, who acts rarely, has no client among the acting users'.
  const client = clients.get(step.actor) ?? mock.clientFor(step.actor);
  const performer = performers[step.kind] as (context: ActionContext, step: Action) => Promise<unknown>;
  await performer({ mock, client }, step);
}

/**
 * Performs an action, accepting the realm's refusals (an API error below 500); anything else (a
 * 5xx, an answer the SDK cannot read, a crash) fails the property.
 */
export async function performAllowingRefusal(mock: MockServer, clients: Map<string, ChatClient>, step: Action): Promise<void> {
  try {
    await perform(mock, clients, step);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return;
    throw error;
  }
}
