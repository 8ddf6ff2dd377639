import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * A file on disk as a `File` for `client.uploads.upload`, read lazily by Node (`fs.openAsBlob`),
 * named after the path's last segment unless `name` says otherwise. The type is `type` or none (no
 * guess from the name): an image uploaded without one gets no preview.
 *
 * @example
 * import { ChatClient, fileFromPath } from 'teamchat-sdk/node';
 * const { url } = await client.uploads.upload(await fileFromPath('reports/daily.pdf'), { resumable: 'auto' });
 */
export async function fileFromPath(path: string, options: { readonly name?: string; readonly type?: string } = {}): Promise<File> {
  const blob = await openAsBlob(path, options.type === undefined ? {} : { type: options.type });
  return new File([blob], options.name ?? basename(path), { type: blob.type });
}

/**
 * The bytes of a Node stream (a socket, a child process's output, `fs.createReadStream`) as a
 * `File` for `client.uploads.upload`. The stream is read to its end first: uploads need the size.
 *
 * @example
 * import { createReadStream } from 'node:fs';
 * import { createGzip } from 'node:zlib';
 * const file = await fileFromStream(createReadStream('app.log').pipe(createGzip()), 'app.log.gz');
 * await client.uploads.upload(file);
 */
export async function fileFromStream(stream: Readable | AsyncIterable<Uint8Array | string>, name: string, type = ''): Promise<File> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
    chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk));
  }
  return new File(chunks, name, { type });
}
