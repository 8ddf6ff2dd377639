import { models, type ModelName } from '../store/models';
import { Store } from '../store/store';
import { ID_BASES, type IdKind } from '../store/ids';
import { upgradeDocument } from './upgrade-document';
import { normalizeReactionType } from '../domain/emoji/reaction-types';
import type { ReactionTypeName } from '../store/reactions';
import { READABLE_STATE_VERSIONS, STATE_FORMAT, type StateDocument } from './state-document';
import { bytesOfBase64 } from './base64';
import { avatarImagesProblem } from './check-avatar-images';
import { isObject } from './json-shape';

/**
 * A state document that cannot be loaded: the message names what is wrong.
 *
 * @example
 * import { readFileSync } from 'node:fs';
 * try {
 *   mock.restore(JSON.parse(readFileSync('realm.json', 'utf8')));
 * } catch (error) {
 *   if (error instanceof StateFormatError) console.error(`cannot load: ${error.message}`);
 * }
 */
export class StateFormatError extends Error {
  override readonly name = 'StateFormatError';
}

/** Tables newer than the format's first version, which older documents leave out. */
const TABLES_ADDED_LATER: Partial<Record<string, true>> = {
  bot: true,
  savedSnippet: true,
  navigationView: true,
  emailInvite: true,
  multiuseInvite: true,
  invitesSentDay: true,
  realmExport: true,
  defaultChannelGroup: true,
  scheduledMessage: true,
  e2eePushDevice: true,
  channelFolder: true,
};

/**
 * Checks that a value is a state document this mock can load: the format name and version, and
 * every section present with the right kind of value. (Records are trusted beyond that: a document
 * is what `exportState` wrote.)
 */
export function checkStateDocument(value: unknown): StateDocument {
  if (!isObject(value)) throw new StateFormatError('a state document is a JSON object');
  if (value.format !== STATE_FORMAT) throw new StateFormatError(`format: expected "${STATE_FORMAT}", got ${JSON.stringify(value.format)}`);
  if (!READABLE_STATE_VERSIONS.includes(value.version as number)) {
    throw new StateFormatError(`version: this mock reads versions ${READABLE_STATE_VERSIONS.join(' and ')}, got ${JSON.stringify(value.version)}`);
  }
  if (!isObject(value.realm)) throw new StateFormatError('realm: expected an object');
  if (!isObject(value.tables)) throw new StateFormatError('tables: expected an object');
  const tables: Record<string, unknown> = { ...value.tables };
  for (const name of Object.keys(models)) {
    // Tables added since the first version start empty when an older document lacks them.
    if (name in TABLES_ADDED_LATER && tables[name] === undefined) tables[name] = [];
    if (!Array.isArray(tables[name])) throw new StateFormatError(`tables.${name}: expected an array of records`);
  }
  for (const section of ['ids', 'userMessages', 'reactions', 'alertWords', 'linkifiers', 'userSettings', 'lastActiveAt', 'files']) {
    if (!Array.isArray(value[section])) throw new StateFormatError(`${section}: expected an array`);
  }
  if (!isObject(value.presences) || !Array.isArray(value.presences.rows)) throw new StateFormatError('presences: expected { rows, lastUpdateId }');
  const avatarProblem = avatarImagesProblem(value.avatarImages);
  if (avatarProblem) throw new StateFormatError(avatarProblem);
  return upgradeDocument({ ...value, tables } as unknown as StateDocument, value.version as number);
}

/** A store holding what a state document describes, its indexes rebuilt by the tables' listeners. */
export function storeFromDocument(document: StateDocument): Store {
  const store = new Store();
  try {
    for (const name of Object.keys(models) as ModelName[]) {
      const table = store.tables[name] as { insert(record: unknown): unknown };
      for (const record of document.tables[name]) table.insert(structuredClone(record));
    }
    for (const [kind, next] of document.ids) if (next > 0) store.ids.reserve(kind as IdKind, next - 1);
    // A document may lack a counter its records need (an older one held a system bot but no
    // `systemBot` counter; a hand-edited one may hold none): a new record must never take an ID
    // in use, so every table's records reserve their own.
    for (const name of Object.keys(models) as ModelName[]) {
      if (name === 'user' || !(name in ID_BASES)) continue;
      for (const record of document.tables[name] as readonly { readonly id?: unknown }[]) {
        if (typeof record.id === 'number') store.ids.reserve(name as IdKind, record.id);
      }
    }
    for (const user of document.tables.user) store.ids.reserve(user.id < ID_BASES.user ? 'systemBot' : 'user', user.id);
    // Submessages live inside their messages, so no table above reserves their IDs.
    for (const message of document.tables.message) for (const { id } of message.submessages ?? []) store.ids.reserve('submessage', id);
    for (const { recipient_id } of [...document.tables.user, ...document.tables.channel, ...document.tables.directMessageGroup]) {
      store.ids.reserve('recipient', recipient_id);
    }
    for (const [userId, copies] of document.userMessages) {
      for (const [messageId, flags] of copies) store.userMessages.add(userId, messageId, flags);
    }
    for (const [messageId, reactions] of document.reactions) {
      for (const reaction of reactions) {
        // Documents of older mocks stored the extra emoji under the reference server's type name.
        store.reactions.add(messageId, { ...reaction, reaction_type: normalizeReactionType(reaction.reaction_type) as ReactionTypeName });
      }
    }
    for (const [userId, words] of document.alertWords) store.alertWords.set(userId, words);
    for (const linkifier of document.linkifiers) store.linkifiers.add(linkifier);
    for (const [userId, settings] of document.userSettings) store.userSettings.set(userId, settings);
    for (const [userId, at] of document.lastActiveAt) store.lastActiveAt.set(userId, at);
    store.presences.restore(document.presences.rows, document.presences.lastUpdateId);
    for (const [userId, status] of document.userStatuses ?? []) {
      store.userStatuses.set(userId, { ...status, reaction_type: status.reaction_type === '' ? '' : normalizeReactionType(status.reaction_type) });
    }
    for (const [userId, muted] of document.mutedUsers ?? []) store.mutedUsers.set(userId, new Map(muted));
    for (const [userId, seen] of document.onboardingStepsSeen ?? []) store.onboardingStepsSeen.set(userId, new Set(seen));
    for (const [id, text] of document.files) store.attachments.storeBytes(id, bytesOfBase64(text));
    store.avatarImages.load(document.avatarImages);
  } catch (error) {
    throw new StateFormatError(`the document's records do not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  return store;
}
