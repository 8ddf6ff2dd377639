import type { EndpointResult } from '../contract/endpoint';
import { getFileTemporaryUrl, uploadFile } from '../endpoints/uploads';
import { ApiCall, type WithResponse } from '../transport/api-call';
import { UnsupportedFeatureError } from '../errors/unsupported-feature';
import { type ResumableUploadOptions, type TusFetch, uploadResumable } from '../uploads/resumable-upload';
import type { CallOptions } from '../transport/call-options';
import type { EndpointCaller } from './caller';

import { asFile, type UploadContent } from '../uploads/file-content';

export type { UploadContent } from '../uploads/file-content';

/** What `upload` needs for resumable uploads: raw protocol requests and the server's level. */
export interface ResumableTransport {
  readonly fetch: TusFetch;
  readonly featureLevel: () => Promise<number>;
  /** The client's timeout, for each request of the protocol. */
  readonly timeout: number;
}

/** The first feature level with the resumable endpoint (`/api/v1/tus`). */
export const RESUMABLE_UPLOAD_LEVEL = 296;

/** With `resumable: 'auto'`, files from this size up go over tus (the plain endpoint may time out from 25 MB). */
export const AUTO_RESUMABLE_BYTES = 10 * 1024 * 1024;

/** How to name and type bytes (a `File` already carries both), and how to send them. */
export interface UploadOptions extends CallOptions, Omit<ResumableUploadOptions, 'signal' | 'timeout'> {
  /** The file's name; defaults to a `File`'s own name, else `file`. */
  readonly filename?: string | undefined;
  /**
   * The file's MIME type; defaults to a `Blob`'s own type. Without one, a plain upload is stored as
   * `application/octet-stream` (a download, no image preview); a resumable one as the server
   * guesses from the name.
   */
  readonly contentType?: string | undefined;
  /**
   * Send over the resumable protocol (tus), which survives network faults by resuming from the
   * server's offset: `true`, or `'auto'` for files of {@link AUTO_RESUMABLE_BYTES} and more on
   * servers that have it. @default false
   */
  readonly resumable?: boolean | 'auto' | undefined;
}

const FILE_URL = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/]+)?\/user_uploads\/(\d+)\/(.+)$/i;

function callOptionsOf(options: UploadOptions): CallOptions {
  const { filename: _name, contentType: _type, resumable: _resumable, chunkSize: _chunk, maxRetries: _retries, onProgress: _progress, ...callOptions } = options;
  return callOptions;
}

/**
 * Uploading files to link from messages: `client.uploads`. A file is private to its uploader
 * until a message links to it; then the server also serves it to non-guests for a message in a
 * public channel, to the recipients of a direct message, and to subscribers of a private channel
 * who received the message or see its history.
 *
 * @example
 * const { url } = await client.uploads.upload(new File(['hello'], 'hello.txt'));
 */
export class UploadsResource {
  readonly #call: EndpointCaller;
  readonly #resumable: ResumableTransport;

  /** @internal */
  constructor(call: EndpointCaller, resumable: ResumableTransport) {
    this.#call = call;
    this.#resumable = resumable;
  }

  async #uploadResumable(file: Blob, options: UploadOptions): Promise<WithResponse<EndpointResult<typeof uploadFile>>> {
    const level = await this.#resumable.featureLevel();
    if (level < RESUMABLE_UPLOAD_LEVEL) {
      if (options.resumable === 'auto') return this.#call(uploadFile, { file }, callOptionsOf(options)).withResponse();
      throw new UnsupportedFeatureError('tus-upload', undefined, RESUMABLE_UPLOAD_LEVEL, level);
    }
    const name = 'name' in file ? String(file.name) : 'file';
    const { data, response } = await uploadResumable(this.#resumable.fetch, file, name, { ...options, timeout: options.timeout ?? this.#resumable.timeout });
    return { data: { ...data, uri: data.url }, response };
  }

  /**
   * Uploads one file (`POST /user_uploads`, multipart). Link it from a message with
   * `[filename](url)`; the server refuses files over `max_file_upload_size_mib`. With
   * `resumable`, the file goes over `/api/v1/tus` in chunks (`chunkSize`, `onProgress`), resuming
   * after a failed chunk from where the server stands (`maxRetries` times).
   *
   * @example
   * const { url, filename } = await client.uploads.upload(new TextEncoder().encode('id,total\n1,3\n'), { filename: 'report.csv' });
   * await client.messages.send({ type: 'channel', to: 'Verona', topic: 'daily', content: `[${filename}](${url})` });
   */
  upload(content: UploadContent, options: UploadOptions = {}): ApiCall<EndpointResult<typeof uploadFile>> {
    let file: Blob;
    try {
      file = asFile(content, options);
    } catch (error) {
      return new ApiCall(Promise.reject(error));
    }
    const resumable = options.resumable === true || (options.resumable === 'auto' && file.size >= AUTO_RESUMABLE_BYTES);
    if (resumable) return new ApiCall(this.#uploadResumable(file, options));
    const call = this.#call(uploadFile, { file }, callOptionsOf(options));
    if (!options.onProgress) return call;
    return new ApiCall(
      call.withResponse().then((exchange) => {
        options.onProgress?.(file.size, file.size);
        return exchange;
      }),
    );
  }

  /**
   * A URL that opens an uploaded file without credentials for a short while (60 seconds on the
   * server), for a browser or a download tool (`GET /user_uploads/{realm_id_str}/{filename}`).
   * Takes the file's URL as an upload or a message gave it, relative or absolute.
   *
   * @example
   * const uploaded = await client.uploads.upload(file);
   * const { url } = await client.uploads.temporaryUrl(uploaded.url ?? uploaded.uri ?? ''); // /user_uploads/temporary/...
   */
  temporaryUrl(fileUrl: string, options?: CallOptions): ApiCall<EndpointResult<typeof getFileTemporaryUrl>> {
    const match = FILE_URL.exec(String(fileUrl));
    if (!match) return new ApiCall(Promise.reject(new TypeError(`not an uploaded file's URL: ${String(fileUrl)}`)));
    return this.#call(getFileTemporaryUrl, { realm_id_str: Number(match[1]), filename: match[2] ?? '' }, options);
  }
}
