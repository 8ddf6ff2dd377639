import type { ResumableUpload } from '../domain/uploads/resumable';
import type { RecordOf } from './models';
import type { Table } from './table';

function addTo<K>(map: Map<K, Set<number>>, key: K, id: number): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(id);
}

/**
 * The uploaded files' bytes and the lookups over the attachment table: by path, by uploader,
 * and by the messages that link to them. The bytes go when their attachment record goes.
 */
export class AttachmentIndex {
  readonly #table: Table<'attachment'>;
  readonly #byPath = new Map<string, number>();
  readonly #byUser = new Map<number, Set<number>>();
  readonly #byMessage = new Map<number, Set<number>>();
  readonly #bytes = new Map<number, Uint8Array>();
  #spaceUsed = 0;
  /** Resumable (tus) uploads in progress, by their ID. */
  readonly resumableUploads = new Map<string, ResumableUpload>();
  /** Tokens of temporary file URLs: the path they open and until when (clock milliseconds). */
  readonly temporaryTokens = new Map<string, { readonly pathId: string; readonly expiresAt: number }>();

  constructor(table: Table<'attachment'>) {
    this.#table = table;
    table.onChange((previous, next) => {
      if (previous) {
        this.#byPath.delete(previous.path_id);
        this.#byUser.get(previous.user_id)?.delete(previous.id);
        for (const messageId of previous.message_ids) this.#byMessage.get(messageId)?.delete(previous.id);
        this.#spaceUsed -= previous.size;
      }
      if (next) {
        this.#byPath.set(next.path_id, next.id);
        addTo(this.#byUser, next.user_id, next.id);
        for (const messageId of next.message_ids) addTo(this.#byMessage, messageId, next.id);
        this.#spaceUsed += next.size;
      } else if (previous) {
        this.#bytes.delete(previous.id);
      }
    });
  }

  /** Keeps an attachment's bytes (store them before inserting its record). */
  storeBytes(attachmentId: number, bytes: Uint8Array): void {
    this.#bytes.set(attachmentId, bytes);
  }

  /** The bytes of an attachment, if it still exists. */
  bytesOf(attachmentId: number): Uint8Array | undefined {
    return this.#bytes.get(attachmentId);
  }

  /** The attachment stored at a path below `/user_uploads/`. */
  byPath(pathId: string): RecordOf<'attachment'> | undefined {
    const id = this.#byPath.get(pathId);
    return id === undefined ? undefined : this.#table.get(id);
  }

  /** A user's uploads, oldest first. */
  ofUser(userId: number): RecordOf<'attachment'>[] {
    return [...(this.#byUser.get(userId) ?? [])].sort((a, b) => a - b).flatMap((id) => this.#table.get(id) ?? []);
  }

  /** The attachments a message links to. */
  ofMessage(messageId: number): RecordOf<'attachment'>[] {
    return [...(this.#byMessage.get(messageId) ?? [])].flatMap((id) => this.#table.get(id) ?? []);
  }

  /** Whether a message links to at least one attachment. */
  messageHasAttachment(messageId: number): boolean {
    return (this.#byMessage.get(messageId)?.size ?? 0) > 0;
  }

  /** Bytes taken by every upload of the realm. */
  get spaceUsed(): number {
    return this.#spaceUsed;
  }
}
