import { describe, expect, it } from 'vitest';
import { narrow } from '../src/index';
import { SITE, useTestRealm } from './support/mock';

const realm = useTestRealm();

describe('a message claims the uploads it links to by the realm\'s full address (markdown potential_attachment_path_ids)', () => {
  it('claims them on send, releases them on edit, and shares them with the readers', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const upload = async (name: string) => (await hamlet.uploads.upload(new File([name], name, { type: 'text/plain' }))).url ?? '';
    const [first, second] = [await upload('file1.txt'), await upload('file2.txt')];
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'files', content: `[f1](${SITE}${first}) [f2](${SITE}${second})` });
    const claims = async () => Object.fromEntries((await hamlet.attachments.list()).attachments.map((file) => [`/user_uploads/${file.path_id}`, file.messages.map((message) => message.id)]));
    expect(await claims()).toEqual({ [first]: [id], [second]: [id] });
    const read = await fetch(`${SITE}${first}`, { headers: { Authorization: `Basic ${btoa(`othello@zulip.com:${realm.mock.apiKeyOf('othello@zulip.com')}`)}` } });
    expect(read.status).toBe(200);
    const found = await othello.messages.list({ anchor: 'newest', num_before: 5, num_after: 0, narrow: narrow().has('attachment') });
    expect(found.messages.map((message) => message.id)).toEqual([id]);
    await hamlet.messages.update({ message_id: id, content: `[f2](${SITE}${second})` });
    expect(await claims()).toEqual({ [first]: [], [second]: [id] });
  });
});
