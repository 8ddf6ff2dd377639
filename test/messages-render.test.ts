import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

describe('messages.render', () => {
  it('renders Markdown to the HTML a sent message gets', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const content = '**bold** and @**King Hamlet**\nnext line';
    const { rendered } = await iago.messages.render({ content });
    expect(rendered).toBe(
      `<p><strong>bold</strong> and <span class="user-mention" data-user-id="${realm.userId('hamlet@zulip.com')}">@King Hamlet</span><br>\nnext line</p>`,
    );
    const { id } = await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'preview', content });
    expect((await iago.messages.get({ message_id: id })).message.content).toBe(rendered);
  });

  it('sends nothing and changes nothing: no event, no message', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const queue = await hamlet.events.register({});
    const before = realm.mock.store.tables.message.size;
    await hamlet.messages.render({ content: '@**all** hello' });
    const { events } = await hamlet.events.get({
      queue_id: queue.queue_id ?? '',
      last_event_id: queue.last_event_id,
      dont_block: true,
    });
    expect(events).toEqual([]);
    expect(realm.mock.store.tables.message.size).toBe(before);
  });

  it('checks nothing about the content, as the server: empty renders empty, long text is not cut', async () => {
    const guest = realm.clientFor('polonius@zulip.com');
    expect(await guest.messages.render({ content: '' })).toEqual({ rendered: '' });
    const long = 'x'.repeat(realm.mock.realm.max_message_length + 100);
    expect((await guest.messages.render({ content: long })).rendered).toBe(`<p>${long}</p>`);
  });

  it('content is required', async () => {
    const response = await realm.raw('iago@zulip.com', 'POST', '/messages/render', new URLSearchParams({}));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      result: 'error',
      msg: "Missing 'content' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'content',
    });
  });

  it('reports parameters it ignored', async () => {
    const response = await realm.raw(
      'iago@zulip.com',
      'POST',
      '/messages/render',
      new URLSearchParams({ content: 'hi', topic: 'x' }),
    );
    expect(await response.json()).toEqual({
      result: 'success',
      msg: '',
      rendered: '<p>hi</p>',
      ignored_parameters_unsupported: ['topic'],
    });
  });
});
