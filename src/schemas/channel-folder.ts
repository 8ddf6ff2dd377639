import * as z from 'zod/mini';
import { Id, successBody } from './common';

/**
 * A channel folder (feature level 389): a named group of channels the organization's
 * administrators define, which clients use to organize their channel lists.
 */
export const ChannelFolder = z.looseObject({
  id: Id,
  /** Unique among the folders that are not archived, ignoring case. */
  name: z.string(),
  /** As written (Markdown). */
  description: z.string(),
  /** The description rendered as HTML. */
  rendered_description: z.string(),
  /** Where the folder is listed, 0-indexed (feature level 414); a new folder's is its ID. */
  order: z.optional(z.int()),
  /** Null when the creator's account was deleted. */
  creator_id: z.nullable(Id),
  /** UNIX seconds. */
  date_created: z.int(),
  is_archived: z.boolean(),
});

/** A channel folder as the server describes it. */
export type ChannelFolder = z.output<typeof ChannelFolder>;

/** A folder's name: at most 60 characters, not blank, printable characters only. */
export const ChannelFolderName = z.string();

/** A folder's description (Markdown): at most 1024 characters; may be empty. */
export const ChannelFolderDescription = z.string();

/** Parameters of `GET /channel_folders`. */
export const GetChannelFoldersParams = z.object({
  /** Also list archived folders. @default false */
  include_archived: z.optional(z.boolean()),
});

/** Success body of `GET /channel_folders`: the folders by `order` (by ID before feature level 414). */
export const GetChannelFoldersResponse = successBody({ channel_folders: z.array(ChannelFolder) });

/** Parameters of `POST /channel_folders/create`, in the server's reading order. */
export const CreateChannelFolderParams = z.object({
  description: ChannelFolderDescription,
  name: ChannelFolderName,
});

/** Success body of `POST /channel_folders/create`: the new folder's ID. */
export const CreateChannelFolderResponse = successBody({ channel_folder_id: Id });

/** Parameters of `PATCH /channel_folders/{channel_folder_id}`: what to change, in the server's reading order. */
export const UpdateChannelFolderParams = z.object({
  channel_folder_id: Id,
  description: z.optional(ChannelFolderDescription),
  /** Archiving needs the folder to hold no channel, archived ones included. */
  is_archived: z.optional(z.boolean()),
  name: z.optional(ChannelFolderName),
});

/** Parameters of `PATCH /channel_folders` (feature level 414): every folder's ID, archived ones included, in the new order. */
export const ReorderChannelFoldersParams = z.object({ order: z.array(Id) });

/** Success body of the folder changes that return nothing else. */
export const ChannelFolderChangeResponse = successBody({});
