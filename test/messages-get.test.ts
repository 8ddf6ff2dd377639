import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../src/index';
import { apiFailure } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();


describe('messages.get', () => {
  it('returns Markdown with apply_markdown=false, and the text/x-markdown content type', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: '**bold**' });
    const { message } = await iago.messages.get({ message_id: id, apply_markdown: false });
    expect(message).toMatchObject({ content: '**bold**', content_type: 'text/x-markdown' });
    expect((await iago.messages.get({ message_id: id })).message.content).toBe('<p><strong>bold</strong></p>');
  });

  it('leaves avatar_url null for a sender whose Gravatar clients can compute, as the server fetches with client_gravatar', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'avatars', content: 'x' });
    expect((await iago.messages.get({ message_id: id })).message.avatar_url).toBeNull();
    const page = await iago.messages.list({ anchor: id, num_before: 0, num_after: 0, client_gravatar: false });
    expect(page.messages[0]?.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\//);
  });

  it('lists a group conversation by user ID and a one-to-one one by email, as display_recipient', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const ids = ['othello@zulip.com', 'cordelia@zulip.com', 'hamlet@zulip.com'].map((email) => realm.userId(email));
    const group = (await othello.messages.send({ type: 'direct', to: ['hamlet@zulip.com', 'cordelia@zulip.com'], content: 'all' })).id;
    const recipients = (await othello.messages.get({ message_id: group })).message.display_recipient as { id: number }[];
    expect(recipients.map((user) => user.id)).toEqual([...ids].sort((a, b) => a - b));
    const pair = (await othello.messages.send({ type: 'direct', to: ['cordelia@zulip.com'], content: 'two' })).id;
    const both = (await othello.messages.get({ message_id: pair })).message.display_recipient as { email: string }[];
    expect(both.map((user) => user.email)).toEqual(['cordelia@zulip.com', 'othello@zulip.com']);
  });

  it('an unknown message ID is "Invalid message(s)"', async () => {
    const error = await apiFailure(realm.clientFor('iago@zulip.com').messages.get({ message_id: 999_999 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)', status: 400 });
  });

  it('a direct message is invisible to a third party', async () => {
    const { id } = await realm
      .clientFor('hamlet@zulip.com')
      .messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'secret' });
    const error = await apiFailure(realm.clientFor('cordelia@zulip.com').messages.get({ message_id: id }));
    expect(error.msg).toBe('Invalid message(s)');
  });

  it('a private channel message is invisible to a non-subscriber', async () => {
    const { id } = await realm
      .clientFor('hamlet@zulip.com')
      .messages.send({ type: 'channel', to: 'core team', topic: 't', content: 'x' });
    expect((await apiFailure(realm.clientFor('othello@zulip.com').messages.get({ message_id: id }))).msg).toBe(
      'Invalid message(s)',
    );
  });

  it('a public channel message is readable by a non-subscriber member, flagged read and historical', async () => {
    const { id } = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'channel', to: 'Scotland', topic: 't', content: 'x' });
    const { message } = await realm.clientFor('cordelia@zulip.com').messages.get({ message_id: id });
    expect(message.flags).toEqual(['read', 'historical']);
  });

  it('a guest cannot read public channels they are not subscribed to, but can read subscribed ones', async () => {
    const { id } = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'x' });
    const polonius = realm.clientFor('polonius@zulip.com');
    expect((await apiFailure(polonius.messages.get({ message_id: id }))).msg).toBe('Invalid message(s)');
    const verona = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x' });
    await expect(polonius.messages.get({ message_id: verona.id })).resolves.toHaveProperty('message.id', verona.id);
  });

  it('rejects a non-boolean apply_markdown with the server wording', async () => {
    const { id } = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x' });
    for (const [value, msg] of [
      ['True', 'apply_markdown is not valid JSON'],
      ['1', 'apply_markdown is not a boolean'],
      ['"true"', 'apply_markdown is not a boolean'],
    ]) {
      const response = await realm.raw(
        'iago@zulip.com',
        'GET',
        `/messages/${id}?apply_markdown=${encodeURIComponent(value as string)}`,
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    }
  });

  it('a non-integer message ID does not match the route', async () => {
    const response = await realm.raw('iago@zulip.com', 'GET', '/messages/abc');
    expect(response.status).toBe(404);
  });
});
