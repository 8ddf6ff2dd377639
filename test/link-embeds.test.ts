import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMockServer, DEFAULT_CAMO_KEY, MockMisuseError } from '../mock/index';
import { parseEvent } from '../src/index';
import { SITE, useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

// Open Graph link previews as the server makes them (zerver/lib/markdown InlineInterestingLinkProcessor
// and add_embed, zerver/worker/embed_links.py, do_update_embedded_data): with the realm's
// inline_url_embed_preview on, a message is sent without them, its links queued; the worker
// "fetches" each (here: the pages a test registered with the mock; any other is a failed fetch),
// renders the message again with what it found and sends a rendering-only update_message.

const HAMLET = 'hamlet@zulip.com';
const ARTICLE = 'https://example.com/article';
const PAGE = { title: 'An article', description: 'What it is about & more', image: 'https://example.com/cover.png' };

function camo(url: string): string {
  const digest = createHmac('sha1', DEFAULT_CAMO_KEY).update(url, 'utf8').digest('hex');
  return `/external_content/${digest}/${Buffer.from(url, 'utf8').toString('hex')}`;
}

/** The server's `add_embed` HTML for a page with an image, a title and a description. */
function embed(url: string, page: { title: string; description: string }, imageSource: string): string {
  return (
    `<div class="message_embed"><a class="message_embed_image" href="${url}" style="background-image: url(&quot;${imageSource}&quot;)"></a>` +
    `<div class="data-container"><div class="message_embed_title"><a href="${url}" title="${page.title}">${page.title}</a></div>` +
    `<div class="message_embed_description">${page.description.replace('&', '&amp;')}</div></div></div>`
  );
}

describe('link previews (Open Graph embeds), with the realm\'s inline_url_embed_preview on', () => {
  const realm = useTestRealm();

  async function turnOn(): Promise<void> {
    await realm.clientFor('iago@zulip.com').realm.update({ inline_url_embed_preview: true });
  }

  async function sendAndWatch(content: string, email = HAMLET) {
    const sender = realm.clientFor(email);
    const queue = await sender.events.register({ event_types: ['message', 'update_message'], apply_markdown: true });
    const { id } = await sender.messages.send({ type: 'channel', to: 'Verona', topic: 'links', content });
    const { events } = await sender.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    const { message } = await sender.messages.get({ message_id: id });
    return { id, events: events.map((event) => parseEvent(event) as Record<string, unknown>), stored: message.content };
  }

  it('the send renders without the preview; right after it, a rendering-only update_message brings it', async () => {
    await turnOn();
    realm.mock.linkPreviews.set(ARTICLE, PAGE);
    const { id, events, stored } = await sendAndWatch(`read ${ARTICLE}`);
    const plain = `<p>read <a href="${ARTICLE}">${ARTICLE}</a></p>`;
    const withEmbed = `${plain}\n${embed(ARTICLE, PAGE, camo(PAGE.image))}`;
    expect(events.map((event) => event['type'])).toEqual(['message', 'update_message']);
    expect((events[0]?.['message'] as { content: string }).content).toBe(plain);
    // Exactly do_update_embedded_data's fields: no orig_*, no topic or channel, the reader's flags.
    const sent = events[0] as { message: { timestamp: number }; flags: string[] };
    expect(events[1]).toEqual({
      id: 1,
      type: 'update_message',
      user_id: null,
      edit_timestamp: sent.message.timestamp,
      message_id: id,
      message_ids: [id],
      flags: sent.flags,
      rendering_only: true,
      content: `read ${ARTICLE}`,
      rendered_content: withEmbed,
    });
    expect(stored).toBe(withEmbed);
    // Not an edit: the message keeps no edit time and no history.
    const { message } = await realm.clientFor(HAMLET).messages.get({ message_id: id });
    expect([message.last_edit_timestamp, message.edit_history]).toEqual([undefined, undefined]);
  });

  it('the events acceptance test holds for a send with a preview', async () => {
    await turnOn();
    realm.mock.linkPreviews.set(ARTICLE, PAGE);
    const hamlet = realm.clientFor(HAMLET);
    const events = await verifyAction(hamlet, () => hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'links', content: ARTICLE }));
    // (Before them, the events of the sender's automatic follow of the topic.)
    const messageEvents = events.filter((event) => event?.type === 'message' || event?.type === 'update_message');
    expect(messageEvents.map((event) => [event?.type, event?.['rendering_only']])).toEqual([
      ['message', undefined],
      ['update_message', true],
    ]);
  });

  it('an unregistered link is a failed fetch: no preview, yet the worker sends its update as the server does', async () => {
    await turnOn();
    const { events, stored } = await sendAndWatch('see https://example.org/nothing');
    expect(stored).toBe('<p>see <a href="https://example.org/nothing">https://example.org/nothing</a></p>');
    expect(events.map((event) => [event['type'], event['rendering_only'], event['rendered_content']])).toEqual([
      ['message', undefined, undefined],
      ['update_message', true, stored],
    ]);
  });

  it('a page without an image gets no preview (add_embed needs one); title and description are optional', async () => {
    await turnOn();
    realm.mock.linkPreviews.set('https://example.com/no-image', { title: 'No image' });
    realm.mock.linkPreviews.set('https://example.com/bare', { image: 'https://example.com/b.png' });
    const { stored } = await sendAndWatch('https://example.com/no-image https://example.com/bare');
    expect(stored).toBe(
      '<p><a href="https://example.com/no-image">https://example.com/no-image</a> <a href="https://example.com/bare">https://example.com/bare</a></p>\n' +
        `<div class="message_embed"><a class="message_embed_image" href="https://example.com/bare" style="background-image: url(&quot;${camo('https://example.com/b.png')}&quot;)"></a><div class="data-container"></div></div>`,
    );
  });

  it("a title running over lines stays as it is in the title attribute (Python-Markdown's HTML serializer leaves newlines there)", async () => {
    await turnOn();
    const page = { title: 'Two\nlines', description: 'and\nmore', image: PAGE.image };
    realm.mock.linkPreviews.set(ARTICLE, page);
    const { stored } = await sendAndWatch(ARTICLE);
    expect(stored).toBe(`<p><a href="${ARTICLE}">${ARTICLE}</a></p>\n${embed(ARTICLE, page, camo(PAGE.image))}`);
    expect(stored).toContain('title="Two\nlines">Two\nlines</a>');
  });

  it('a YouTube link keeps its video preview, and the page title names a bare link ("YouTube - ...")', async () => {
    await turnOn();
    const video = 'https://www.youtube.com/watch?v=hx1mjT73xYE';
    realm.mock.linkPreviews.set(video, { title: 'A talk', image: 'https://i.ytimg.com/vi/hx1mjT73xYE/hqdefault.jpg' });
    const { stored } = await sendAndWatch(video);
    expect(stored).toBe(
      `<p><a href="${video}">YouTube - A talk</a></p>\n` +
        `<div class="youtube-video message_inline_image"><a data-id="hx1mjT73xYE" href="${video}"><img src="${camo('https://i.ytimg.com/vi/hx1mjT73xYE/mqdefault.jpg')}"></a></div>`,
    );
  });

  it('a Vimeo video link gets the embed, and a bare one is named by the title ("Vimeo - ..."); a host without a top-level domain is never fetched', async () => {
    await turnOn();
    const video = 'https://vimeo.com/123456';
    realm.mock.linkPreviews.set(video, { ...PAGE, title: 'A film' });
    realm.mock.linkPreviews.set('http://intranet/page', PAGE);
    const { stored } = await sendAndWatch(`${video} http://intranet/page`);
    expect(stored).toBe(
      `<p><a href="${video}">Vimeo - A film</a> <a href="http://intranet/page">http://intranet/page</a></p>\n${embed(video, { ...PAGE, title: 'A film' }, camo(PAGE.image))}`,
    );
  });

  it('images, videos, relative links, links into the realm and tweets get no embed; nor links only in quotes', async () => {
    await turnOn();
    const tweet = 'https://twitter.com/someone/status/1234567890123';
    for (const url of ['https://example.com/pic.png', 'https://example.com/clip.mp4', `${SITE}/page`, tweet]) realm.mock.linkPreviews.set(url, PAGE);
    const { events } = await sendAndWatch(`https://example.com/pic.png https://example.com/clip.mp4 ${SITE}/page [x](/page) ${tweet}\n> ${ARTICLE}`);
    expect(events.map((event) => event['type'])).toEqual(['message']);
  });

  it('nothing for a bot\'s message, nor with the setting off (the default), nor in POST /messages/render', async () => {
    realm.mock.linkPreviews.set(ARTICLE, PAGE);
    const off = await sendAndWatch(ARTICLE);
    expect(off.events.map((event) => event['type'])).toEqual(['message']);
    await turnOn();
    // The seed's generic bot, subscribed to Verona.
    expect((await sendAndWatch(ARTICLE, 'default-bot@zulip.com')).events.map((event) => event['type'])).toEqual(['message']);
    expect((await realm.clientFor(HAMLET).messages.render({ content: ARTICLE })).rendered).toBe(`<p><a href="${ARTICLE}">${ARTICLE}</a></p>`);
  });

  it('a link written twice is fetched once and previewed once (the server walks each URL once)', async () => {
    await turnOn();
    realm.mock.linkPreviews.set(ARTICLE, PAGE);
    const { stored } = await sendAndWatch(`${ARTICLE} and again ${ARTICLE}`);
    expect(stored).toBe(`<p><a href="${ARTICLE}">${ARTICLE}</a> and again <a href="${ARTICLE}">${ARTICLE}</a></p>\n${embed(ARTICLE, PAGE, camo(PAGE.image))}`);
  });

  it("with the realm's inline_image_preview off, image, video, YouTube and Vimeo links get the page's embed, none renamed", async () => {
    await turnOn();
    await realm.clientFor('iago@zulip.com').realm.update({ inline_image_preview: false });
    for (const url of ['https://example.com/pic.png', 'https://example.com/clip.mp4', 'https://www.youtube.com/watch?v=hx1mjT73xYE', 'https://vimeo.com/123456']) {
      realm.mock.linkPreviews.set(url, PAGE);
      const { stored } = await sendAndWatch(url);
      expect(stored).toBe(`<p><a href="${url}">${url}</a></p>\n${embed(url, PAGE, camo(PAGE.image))}`);
    }
  });

  it("in a private channel the update reaches its subscribers' queues only, the same for one registered with apply_markdown false", async () => {
    await turnOn();
    realm.mock.linkPreviews.set(ARTICLE, PAGE);
    realm.mock.create.channel({ name: 'secret', invite_only: true, subscribers: [HAMLET, 'cordelia@zulip.com'] });
    const register = async (email: string, apply_markdown: boolean) => {
      const client = realm.clientFor(email);
      const queue = await client.events.register({ event_types: ['update_message'], apply_markdown });
      return async () => (await client.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true })).events;
    };
    const [cordelia, othello] = [await register('cordelia@zulip.com', false), await register('othello@zulip.com', true)];
    const { id } = await realm.clientFor(HAMLET).messages.send({ type: 'channel', to: 'secret', topic: 'links', content: ARTICLE });
    expect((await cordelia()).map((event) => [event.type, event['message_id'], event['rendering_only'], event['content'], event['rendered_content']])).toEqual([
      ['update_message', id, true, ARTICLE, `<p><a href="${ARTICLE}">${ARTICLE}</a></p>\n${embed(ARTICLE, PAGE, camo(PAGE.image))}`],
    ]);
    expect(await othello()).toEqual([]);
  });

  it('a content edit is rendered without previews, then updated with them', async () => {
    await turnOn();
    realm.mock.linkPreviews.set(ARTICLE, PAGE);
    const hamlet = realm.clientFor(HAMLET);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'links', content: 'soon' });
    const events = await verifyAction(hamlet, () => hamlet.messages.update({ message_id: id, content: `now ${ARTICLE}` }));
    expect(events.map((event) => [event?.type, event?.['rendering_only']])).toEqual([
      ['update_message', false],
      ['update_message', true],
    ]);
    expect((await hamlet.messages.get({ message_id: id })).message.content).toBe(
      `<p>now <a href="${ARTICLE}">${ARTICLE}</a></p>\n${embed(ARTICLE, PAGE, camo(PAGE.image))}`,
    );
    // An edit that takes the link out leaves nothing for the worker: its preview goes with the edit.
    const removed = await verifyAction(hamlet, () => hamlet.messages.update({ message_id: id, content: 'gone' }));
    expect(removed.map((event) => [event?.type, event?.['rendering_only'], event?.['rendered_content']])).toEqual([['update_message', false, '<p>gone</p>']]);
  });
});

describe('registering pages', () => {
  it('createMockServer({ linkPreviews }) registers them from the start; without Camo the image is its own URL', async () => {
    const mock = createMockServer({ baseUrl: SITE, camo: false, linkPreviews: { [ARTICLE]: PAGE } });
    await mock.clientFor('iago@zulip.com').realm.update({ inline_url_embed_preview: true });
    const hamlet = mock.clientFor(HAMLET);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'links', content: ARTICLE });
    expect((await hamlet.messages.get({ message_id: id })).message.content).toBe(`<p><a href="${ARTICLE}">${ARTICLE}</a></p>\n${embed(ARTICLE, PAGE, PAGE.image)}`);
  });

  it('mock.reset() brings back the pages of the linkPreviews option and forgets the ones set since, so tests sharing a mock do not see each other\'s', async () => {
    const OTHER = 'https://example.com/other';
    const mock = createMockServer({ baseUrl: SITE, linkPreviews: { [ARTICLE]: PAGE } });
    mock.linkPreviews.set(OTHER, PAGE);
    mock.linkPreviews.delete(ARTICLE);
    mock.reset();
    expect(mock.linkPreviews.get(ARTICLE)).toEqual(PAGE);
    expect(mock.linkPreviews.get(OTHER)).toBeUndefined();
    await mock.clientFor('iago@zulip.com').realm.update({ inline_url_embed_preview: true });
    const hamlet = mock.clientFor(HAMLET);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'links', content: `${ARTICLE} ${OTHER}` });
    expect((await hamlet.messages.get({ message_id: id })).message.content).toBe(
      `<p><a href="${ARTICLE}">${ARTICLE}</a> <a href="${OTHER}">${OTHER}</a></p>\n${embed(ARTICLE, PAGE, camo(PAGE.image))}`,
    );
  });

  it('mock.restore() leaves the pages as they are: a state document holds the realm, not other sites', () => {
    const mock = createMockServer({ baseUrl: SITE });
    const document = mock.snapshot();
    mock.linkPreviews.set(ARTICLE, PAGE);
    mock.restore(document);
    expect(mock.linkPreviews.get(ARTICLE)).toEqual(PAGE);
  });

  it('a page with a part it does not have, or one that is not text, is refused with what a page has', () => {
    const mock = createMockServer({ baseUrl: SITE });
    expect(() => mock.linkPreviews.set(ARTICLE, { titel: 'x' } as never)).toThrow(
      "[teamchat-mock] linkPreviews: the page at https://example.com/article has 'titel'; a page has title, description, image",
    );
    expect(() => createMockServer({ linkPreviews: { [ARTICLE]: { image: 3 } as never } })).toThrow(MockMisuseError);
  });

  it("a page's image is joined to its URL as the server's urljoin does: characters as written, dot segments resolved, //host and ?query relative, a scheme lower-cased", async () => {
    const mock = createMockServer({ baseUrl: SITE });
    await mock.clientFor('iago@zulip.com').realm.update({ inline_url_embed_preview: true });
    const post = 'https://example.com/blog/post';
    const hamlet = mock.clientFor(HAMLET);
    const cases: [string, string][] = [
      ['covers/a b é.png', 'https://example.com/blog/covers/a b é.png'],
      ['./../up.png', 'https://example.com/up.png'],
      ['//cdn.example.net/p.png', 'https://cdn.example.net/p.png'],
      ['?size=2', 'https://example.com/blog/post?size=2'],
      ['HTTPS://CDN.example.net/x.png', 'https://CDN.example.net/x.png'],
      ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ];
    for (const [image, joined] of cases) {
      mock.linkPreviews.set(post, { ...PAGE, image });
      const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'links', content: post });
      expect((await hamlet.messages.get({ message_id: id })).message.content).toBe(`<p><a href="${post}">${post}</a></p>\n${embed(post, PAGE, camo(joined))}`);
    }
  });

  it('a relative image is read against the page\'s URL; delete() forgets a page', async () => {
    const mock = createMockServer({ baseUrl: SITE });
    await mock.clientFor('iago@zulip.com').realm.update({ inline_url_embed_preview: true });
    mock.linkPreviews.set(ARTICLE, { ...PAGE, image: '/img/cover.png' });
    const hamlet = mock.clientFor(HAMLET);
    const sent = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'links', content: ARTICLE });
    expect((await hamlet.messages.get({ message_id: sent.id })).message.content).toContain(camo('https://example.com/img/cover.png'));
    mock.linkPreviews.delete(ARTICLE);
    const again = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'links', content: ARTICLE });
    expect((await hamlet.messages.get({ message_id: again.id })).message.content).toBe(`<p><a href="${ARTICLE}">${ARTICLE}</a></p>`);
  });
});

describe('before feature level 114 (no rendering_only)', () => {
  async function previewAndEdit(featureLevel: number) {
    const mock = createMockServer({ baseUrl: SITE, featureLevel, linkPreviews: { [ARTICLE]: PAGE } });
    await mock.clientFor('iago@zulip.com').realm.update({ inline_url_embed_preview: true });
    const hamlet = mock.clientFor(HAMLET, { validate: 'off' });
    const queue = await hamlet.events.register({ event_types: ['update_message'] });
    const { id } = await hamlet.messages.send({ type: 'stream', to: 'Verona', topic: 'links', content: ARTICLE });
    await hamlet.messages.update({ message_id: id, content: 'plain' });
    const { events } = await hamlet.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    return { id, events: events as unknown as Record<string, unknown>[] };
  }

  it("at 113 the worker's update names no editor, time or flag, and an edit's carries no rendering_only (do_update_embedded_data before aaa627229e)", async () => {
    const { id, events } = await previewAndEdit(113);
    expect(events.map((event) => Object.keys(event).sort())).toEqual([
      ['content', 'flags', 'id', 'message_id', 'message_ids', 'rendered_content', 'type'],
      ['content', 'edit_timestamp', 'flags', 'id', 'is_me_message', 'message_id', 'message_ids', 'orig_content', 'orig_rendered_content', 'rendered_content', 'stream_id', 'stream_name', 'type', 'user_id'],
    ]);
    expect(events[0]).toMatchObject({ type: 'update_message', message_id: id, message_ids: [id], content: ARTICLE });
  });

  it('at 114 both say rendering_only, and the worker\'s carries user_id null and edit_timestamp', async () => {
    const { events } = await previewAndEdit(114);
    expect(events.map((event) => [event['rendering_only'], event['user_id'] === null, typeof event['edit_timestamp']])).toEqual([
      [true, true, 'number'],
      [false, false, 'number'],
    ]);
  });
});
