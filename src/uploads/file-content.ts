/** File contents the SDK can upload: a `Blob` or `File`, or bytes. */
export type UploadContent = Blob | Uint8Array<ArrayBuffer> | ArrayBuffer;

/** How to name and type bytes (a `File` already carries both). */
export interface FileNaming {
  /** The file's name; defaults to a `File`'s own name, else `file`. */
  readonly filename?: string | undefined;
  /**
   * The file's MIME type; defaults to a `Blob`'s own type. A plain upload of bytes without one goes
   * out as `application/octet-stream` (multipart form data always types a file), which the server
   * keeps: served as a download, never previewed as an image. The server guesses a type from the
   * name only when a file comes with none, as resumable uploads send an unknown type.
   */
  readonly contentType?: string | undefined;
}

/** The content as a named, typed `Blob` for a multipart part; throws a TypeError for anything else. */
export function asFile(content: UploadContent, naming: FileNaming): Blob {
  const isBlob = content instanceof Blob;
  if (!isBlob && !(content instanceof ArrayBuffer) && !ArrayBuffer.isView(content)) {
    throw new TypeError('upload content must be a Blob, File, Uint8Array or ArrayBuffer');
  }
  const ownName = isBlob && 'name' in content ? String(content.name) : undefined;
  const name = naming.filename ?? ownName ?? 'file';
  const type = naming.contentType ?? (isBlob ? content.type : '');
  if (isBlob && name === ownName && type === content.type) return content;
  return new File([content], name, { type });
}
