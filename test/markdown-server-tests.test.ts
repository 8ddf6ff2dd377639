import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

// Cases from the server's zerver/tests/test_markdown.py (10.2) beyond its fixture file.
const realm = useTestRealm();

async function render(content: string, email = 'othello@zulip.com'): Promise<string> {
  return (await realm.clientFor(email).messages.render({ content })).rendered;
}

async function topicLinksOf(topic: string): Promise<unknown> {
  const othello = realm.clientFor('othello@zulip.com');
  const { id } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic, content: 'x' });
  return (await othello.messages.get({ message_id: id })).message.topic_links;
}

describe('bare links', () => {
  it('links a bitcoin: address, keeping its scheme (test_inline_bitcoin)', async () => {
    expect(await render('To bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa or not to bitcoin')).toBe(
      '<p>To <a href="bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa">bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa</a> or not to bitcoin</p>',
    );
    expect(await render('bitcoin:0A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('<p>bitcoin:0A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa</p>');
  });

  it('finds topic links without a scheme as https://, with the message pattern per piece (test_links_in_topic_name)', async () => {
    expect(await topicLinksOf('Without scheme google.com/hello-world')).toEqual([{ url: 'https://google.com/hello-world', text: 'google.com/hello-world' }]);
    expect(await topicLinksOf('Without scheme random.words/hello-world')).toEqual([]);
    expect(await topicLinksOf('google.in google.com')).toEqual([
      { url: 'https://google.in', text: 'google.in' },
      { url: 'https://google.com', text: 'google.com' },
    ]);
    expect(await topicLinksOf('Have you seen github.com/zulip?')).toEqual([{ url: 'https://github.com/zulip', text: 'github.com/zulip' }]);
    expect(await topicLinksOf('Do you like https://example.com? I love it.')).toEqual([{ url: 'https://example.com', text: 'https://example.com' }]);
  });
});

describe('channel and topic links', () => {
  it('match the channel name with its case (test_stream_case_sensitivity_nonmatching)', async () => {
    const { id } = realm.mock.create.channel({ name: 'CaseSens', subscribers: ['othello@zulip.com'] });
    expect(await render('#**CaseSens**')).toBe(`<p><a class="stream" data-stream-id="${id}" href="/#narrow/channel/${id}-CaseSens">#CaseSens</a></p>`);
    expect(await render('#**casesens**')).toBe('<p>#<strong>casesens</strong></p>');
  });

  it('show the empty topic as the emphasized fallback name (test_topic_single_containing_no_message, test_empty_string_topic_message_link)', async () => {
    const denmark = realm.channelId('Denmark');
    const channelUrl = `/#narrow/channel/${denmark}-Denmark`;
    expect(await render('#**Denmark>**')).toBe(
      `<p><a class="stream-topic" data-stream-id="${denmark}" href="${channelUrl}/topic/">#Denmark &gt; <em>general chat</em></a></p>`,
    );
    expect(await render('#**Denmark>@123**')).toBe(`<p><a class="message-link" href="${channelUrl}/topic//near/123">#Denmark &gt; <em>general chat</em> @ 💬</a></p>`);
  });

  it('point at a message of a protected-history channel only for a sender who received it (test_topic_permalink)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'core' }], invite_only: true, history_public_to_subscribers: false });
    const core = realm.channelId('core');
    const { id } = await iago.messages.send({ type: 'channel', to: 'core', topic: 'testing', content: 'x' });
    const topicUrl = `/#narrow/channel/${core}-core/topic/testing`;
    expect(await render('#**core>testing**', 'iago@zulip.com')).toBe(
      `<p><a class="stream-topic" data-stream-id="${core}" href="${topicUrl}/with/${id}">#core &gt; testing</a></p>`,
    );
    await iago.subscriptions.add({ subscriptions: [{ name: 'core' }], principals: ['hamlet@zulip.com'] });
    expect(await render('#**core>testing**', 'hamlet@zulip.com')).toBe(`<p><a class="stream-topic" data-stream-id="${core}" href="${topicUrl}">#core &gt; testing</a></p>`);
    expect(await render('#**core>testing**', 'cordelia@zulip.com')).toBe('<p>#<strong>core&gt;testing</strong></p>');
  });
});

describe('character references', () => {
  it('stay as typed outside code, never becoming emoji (test_html_entity_conversion)', async () => {
    expect(await render('Test raw: Hello, &copy;\nTest inline code: `&copy;`\n\n~~~quote\n&copy;\n~~~\n\n* &copy;\n* `&copy;`')).toBe(
      '<p>Test raw: Hello, &copy;<br>\nTest inline code: <code>&amp;copy;</code></p>\n<blockquote>\n<p>&copy;</p>\n</blockquote>\n<ul>\n<li>&copy;</li>\n<li><code>&amp;copy;</code></li>\n</ul>',
    );
    // The serializer's RE_AMP ignores case: `&#X41;` stays too.
    expect(await render('&#169; &#x41; &nbsp; &quot; &unknown; AT&T &#X41;')).toBe('<p>&#169; &#x41; &nbsp; &quot; &unknown; AT&amp;T &#X41;</p>');
  });

  it("inside a bare link stay as typed in its text, as the serializer writes every text, the link taking the whole URL", async () => {
    expect(await render('http://a.com/?x=1&amp;y=2')).toBe('<p><a href="http://a.com/?x=1&amp;y=2">http://a.com/?x=1&amp;y=2</a></p>');
    expect(await render('@**King &amp; Hamlet**')).toBe('<p>@<strong>King &amp; Hamlet</strong></p>');
  });
});

describe('channel links in descriptions', () => {
  it('name the channels the acting user may read, or any channel when no one acts (render_stream_description)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    const secret = realm.channelId('secret');
    const link = `<p><a class="stream" data-stream-id="${secret}" href="/#narrow/channel/${secret}-secret">#secret</a></p>`;
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'by hamlet', description: '#**secret**' }] });
    await iago.subscriptions.add({ subscriptions: [{ name: 'by iago', description: '#**secret**' }] });
    const descriptionOf = async (name: string) =>
      (await iago.channels.get({ stream_id: realm.channelId(name) })).stream.rendered_description;
    expect(await descriptionOf('by hamlet')).toBe('<p>#<strong>secret</strong></p>');
    expect(await descriptionOf('by iago')).toBe(link);
    await iago.channels.update({ stream_id: realm.channelId('by hamlet'), description: '#**secret**' });
    expect(await descriptionOf('by hamlet')).toBe(link);
    await iago.realm.update({ description: '#**secret**' });
    const settings = (await (await realm.raw(undefined, 'GET', '/server_settings')).json()) as { realm_description: string };
    expect(settings.realm_description).toBe(link);
  });
});

describe('channel links in Notification Bot notices', () => {
  it('name the private channel the acting user moved a topic in (send_message_moved_breadcrumbs, acting_user)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'core' }], invite_only: true, history_public_to_subscribers: true });
    const core = realm.channelId('core');
    const { id } = await iago.messages.send({ type: 'channel', to: 'core', topic: 'old', content: 'hello' });
    await iago.messages.update({ message_id: id, topic: 'new', propagate_mode: 'change_all', send_notification_to_old_thread: true, send_notification_to_new_thread: true });
    const { messages } = await iago.messages.list({ narrow: [{ operator: 'channel', operand: core }], anchor: 'newest', num_before: 2, num_after: 0 });
    expect(messages.map((message) => message.content)).toEqual([
      `<p>This topic was moved here from <a class="stream-topic" data-stream-id="${core}" href="/#narrow/channel/${core}-core/topic/old">#core &gt; old</a> by <span class="user-mention silent" data-user-id="${realm.userId('iago@zulip.com')}">Iago</span>.</p>`,
      `<p>This topic was moved to <a class="stream-topic" data-stream-id="${core}" href="/#narrow/channel/${core}-core/topic/new/with/${messages[0]?.id}">#core &gt; new</a> by <span class="user-mention silent" data-user-id="${realm.userId('iago@zulip.com')}">Iago</span>.</p>`,
    ]);
  });
});
