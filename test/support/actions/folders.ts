import fc from 'fast-check';
import type { MockServer } from '../../../mock/index';
import { type Actor, channel, channelIdOf, mostlyAdministrator, nth, once, pick, type Performers, type WeightedAction } from './common';

/** The organization's channel folders: creating, renaming, archiving and ordering them; filing channels in them. */
export type FolderAction =
  | { kind: 'folderCreate'; actor: Actor; name: string; description: string }
  | { kind: 'folderUpdate'; actor: Actor; pick: number; name: string | undefined; description: string | undefined; archived: boolean | undefined }
  | { kind: 'folderReorder'; actor: Actor; rotate: number; reverse: boolean }
  | { kind: 'channelFolder'; actor: Actor; channel: string; folder: number | null };

/** The ID of the `index`th folder (archived ones included), if there is any. */
export function folderIdAt(mock: MockServer, index: number): number | undefined {
  return nth(mock.store.tables.channelFolder.all().map((folder) => folder.id), index);
}

const name = fc.constantFrom('Frontend', 'frontend', 'Ops');
const description = fc.constantFrom('', 'for **web** work');

export const folderActions: WeightedAction<FolderAction>[] = [
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('folderCreate' as const), actor: mostlyAdministrator, name, description }) },
  ...once<FolderAction>(
    fc.record({
      kind: fc.constant('folderUpdate' as const),
      actor: mostlyAdministrator,
      pick,
      name: fc.option(name, { nil: undefined }),
      description: fc.option(description, { nil: undefined }),
      archived: fc.option(fc.boolean(), { nil: undefined }),
    }),
    fc.record({ kind: fc.constant('folderReorder' as const), actor: mostlyAdministrator, rotate: fc.nat(3), reverse: fc.boolean() }),
    fc.record({ kind: fc.constant('channelFolder' as const), actor: mostlyAdministrator, channel, folder: fc.option(pick, { nil: null }) }),
  ),
];

export const folderPerformers: Performers<FolderAction> = {
  folderCreate: ({ client }, step) => client.channelFolders.create({ name: step.name, description: step.description }),
  folderUpdate: ({ mock, client }, step) =>
    client.channelFolders.update({
      channel_folder_id: folderIdAt(mock, step.pick) ?? 999_999,
      ...(step.name === undefined ? {} : { name: step.name }),
      ...(step.description === undefined ? {} : { description: step.description }),
      ...(step.archived === undefined ? {} : { is_archived: step.archived }),
    }),
  folderReorder: ({ mock, client }, step) => {
    const ids = mock.store.tables.channelFolder.all().map((folder) => folder.id);
    const rotated = [...ids.slice(step.rotate % Math.max(ids.length, 1)), ...ids.slice(0, step.rotate % Math.max(ids.length, 1))];
    return client.channelFolders.reorder({ order: step.reverse ? rotated.reverse() : rotated });
  },
  channelFolder: async ({ mock, client }, step) =>
    client.channels.update({
      stream_id: await channelIdOf(client, step.channel),
      folder_id: step.folder === null ? null : (folderIdAt(mock, step.folder) ?? 999_999),
    }),
};
