import type { EndpointResult } from '../contract/endpoint';
import { getFileTemporaryUrl, uploadFile } from '../endpoints/uploads';
import { ApiCall } from '../transport/api-call';
import type { CallOptions } from '../transport/call-options';
import type { EndpointCaller } from './caller';

/** File contents the SDK can upload: a `Blob` or `File`, or bytes. */
export type UploadContent = Blob | Uint8Array<ArrayBuffer> | ArrayBuffer;

/** How to name and type bytes (a `File` already carries both). */
export interface UploadOptions extends CallOptions {
  /** The file's name; defaults to a `File`'s own name, else `file`. */
  readonly filename?: string;
  /** The file's MIME type; defaults to a `Blob`'s own type, else the server guesses from the name. */
  readonly contentType?: string;
}

const FILE_URL = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/]+)?\/user_uploads\/(\d+)\/(.+)$/i;

function asFile(content: UploadContent, options: UploadOptions): Blob {
  const isBlob = content instanceof Blob;
  if (!isBlob && !(content instanceof ArrayBuffer) && !ArrayBuffer.isView(content)) {
    throw new TypeError('upload content must be a Blob, File, Uint8Array or ArrayBuffer');
  }
  const ownName = isBlob && 'name' in content ? String(content.name) : undefined;
  const name = options.filename ?? ownName ?? 'file';
  const type = options.contentType ?? (isBlob ? content.type : '');
  if (isBlob && name === ownName && type === content.type) return content;
  return new File([content], name, { type });
}

/**
 * Uploading files to link from messages: `client.uploads`. A file is private to its uploader
 * until a message links to it; then whoever can read that message can open it.
 */
export class UploadsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Uploads one file (`POST /user_uploads`, multipart). Link it from a message with
   * `[filename](url)`; the server refuses files over `max_file_upload_size_mib`.
   *
   * @example
   * const { url, filename } = await client.uploads.upload(new TextEncoder().encode('id,total\n1,3\n'), { filename: 'report.csv' });
   * await client.messages.send({ type: 'channel', to: 'reports', topic: 'daily', content: `[${filename}](${url})` });
   */
  upload(content: UploadContent, options: UploadOptions = {}): ApiCall<EndpointResult<typeof uploadFile>> {
    const { filename: _filename, contentType: _contentType, ...callOptions } = options;
    let file: Blob;
    try {
      file = asFile(content, options);
    } catch (error) {
      return new ApiCall(Promise.reject(error));
    }
    return this.#call(uploadFile, { file }, callOptions);
  }

  /**
   * A URL that opens an uploaded file without credentials for a short while (60 seconds on the
   * server), for a browser or a download tool (`GET /user_uploads/{realm_id_str}/{filename}`).
   * Takes the file's URL as an upload or a message gave it, relative or absolute.
   *
   * @example
   * const { url } = await client.uploads.temporaryUrl('/user_uploads/1/4e/m2A3MSqFnWRLUf9SaPzQ0Up_/zulip.txt');
   */
  temporaryUrl(fileUrl: string, options?: CallOptions): ApiCall<EndpointResult<typeof getFileTemporaryUrl>> {
    const match = FILE_URL.exec(String(fileUrl));
    if (!match) return new ApiCall(Promise.reject(new TypeError(`not an uploaded file's URL: ${String(fileUrl)}`)));
    return this.#call(getFileTemporaryUrl, { realm_id_str: Number(match[1]), filename: match[2] ?? '' }, options);
  }
}
