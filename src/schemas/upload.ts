import * as z from 'zod/mini';
import { fileParam } from '../contract/wire';
import { Id, successBody } from './common';

/** A file to upload: a `Blob` or `File` (a `File` keeps its name on the wire). */
export const FileContent = z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, {
  error: 'expected a Blob or File',
});

/** Parameters of `POST /user_uploads`: one file, under any field name. */
export const UploadFileParams = z.object({
  file: fileParam(FileContent),
});

/** What `POST /user_uploads` returns: where the file is, and the name it was stored as. */
export const UploadFileResponse = successBody({
  /** Path of the file below the realm, `/user_uploads/{realm_id}/...` (feature level 272). */
  url: z.optional(z.string()),
  /** The same as `url`, under its deprecated name (the only one before feature level 272). */
  uri: z.optional(z.string()),
  /** The file's name, for a Markdown link `[filename](url)` (feature level 285). */
  filename: z.optional(z.string()),
});

/** One message that links to an attachment. */
export const AttachmentMessage = z.looseObject({
  id: Id,
  /** Milliseconds since the epoch. */
  date_sent: z.int(),
});

/** A file the user uploaded, with the messages that link to it. */
export const Attachment = z.looseObject({
  id: Id,
  /** The name the file was uploaded with. */
  name: z.string(),
  /** The path below `/user_uploads/`. */
  path_id: z.string(),
  /** Bytes. */
  size: z.int(),
  /** Milliseconds since the epoch. */
  create_time: z.int(),
  messages: z.array(AttachmentMessage),
});

/** An uploaded file with the messages that link to it. */
export type Attachment = z.output<typeof Attachment>;

/** Parameters of `GET /attachments`. */
export const GetAttachmentsParams = z.object({});

/** The caller's uploads, and how many bytes the whole organization's uploads take. */
export const GetAttachmentsResponse = successBody({
  attachments: z.array(Attachment),
  upload_space_used: z.int(),
});

/** Parameters of `DELETE /attachments/{attachment_id}`. */
export const RemoveAttachmentParams = z.object({
  attachment_id: Id,
});

/** Success without a payload. */
export const RemoveAttachmentResponse = successBody({});

/** Parameters of `GET /user_uploads/{realm_id_str}/{filename}`: a file's path, split after the realm ID. */
export const GetFileTemporaryUrlParams = z.object({
  /** The realm's ID as the file's URL has it; the server reads any text there (`<realm_id_str>`). */
  realm_id_str: z.union([Id, z.string()]),
  /** The rest of the path, slashes included (`4e/m2A3MSqFnWRLUf9SaPzQ0Up_/zulip.txt`). */
  filename: z.string(),
});

/** A URL that serves the file for a short while without credentials. */
export const GetFileTemporaryUrlResponse = successBody({
  url: z.string(),
});
