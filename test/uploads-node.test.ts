import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileFromPath, fileFromStream } from '../src/node';
import { png } from './support/image-bytes';
import { SITE, useTestRealm } from './support/mock';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';

async function download(url: string | undefined): Promise<string> {
  const response = await fetch(`${SITE}${url}`, { headers: { Authorization: `Basic ${btoa(`${HAMLET}:${realm.mock.apiKeyOf(HAMLET)}`)}` } });
  return response.text();
}

describe('uploads from Node files and streams (teamchat-sdk/node)', () => {
  it('fileFromPath names the file after the path and uploads its bytes, plainly or resumably', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'teamchat-')), 'daily report.csv');
    writeFileSync(path, 'day,total\n1,3\n');
    const hamlet = realm.clientFor(HAMLET);
    const plain = await hamlet.uploads.upload(await fileFromPath(path));
    expect(plain.filename).toBe('daily report.csv');
    expect(await download(plain.url)).toBe('day,total\n1,3\n');
    const resumable = await hamlet.uploads.upload(await fileFromPath(path, { name: 'renamed.csv', type: 'text/csv' }), { resumable: true, chunkSize: 4 });
    expect(resumable.url).toMatch(/\/renamed\.csv$/);
    expect(await download(resumable.url)).toBe('day,total\n1,3\n');
  });

  it('fileFromPath guesses no type from the name: an image needs `type` for its preview (docs/uploads.md)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'teamchat-')), 'chart.png');
    writeFileSync(path, png(4, 4));
    const hamlet = realm.clientFor(HAMLET);
    const rendered: string[] = [];
    for (const file of [await fileFromPath(path), await fileFromPath(path, { type: 'image/png' })]) {
      const { url, filename } = await hamlet.uploads.upload(file);
      const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'charts', content: `[${filename}](${url})` });
      rendered.push((await hamlet.messages.get({ message_id: id })).message.content);
    }
    expect(rendered[0]).not.toContain('message_inline_image');
    expect(rendered[1]).toContain('message_inline_image');
  });

  it('fileFromStream reads a stream of buffers or strings to its end', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const file = await fileFromStream(Readable.from([Buffer.from('log line 1\n'), 'log line 2\n']), 'app.log', 'text/plain');
    const { url, filename } = await hamlet.uploads.upload(file);
    expect(filename).toBe('app.log');
    expect(await download(url)).toBe('log line 1\nlog line 2\n');
  });
});
