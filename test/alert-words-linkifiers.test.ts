import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

describe('alert words', () => {
  it('adds (ignoring case duplicates), lists and removes, per user', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.alertWords.list()).toEqual({ alert_words: [] });
    expect(await hamlet.alertWords.add({ alert_words: ['natural', 'Illustrious'] })).toEqual({ alert_words: ['natural', 'Illustrious'] });
    expect(await hamlet.alertWords.add({ alert_words: ['NATURAL', 'foo'] })).toEqual({ alert_words: ['natural', 'Illustrious', 'foo'] });
    expect(await hamlet.alertWords.remove({ alert_words: ['illustrious', 'absent'] })).toEqual({ alert_words: ['natural', 'foo'] });
    // Added words are stripped, removed ones are compared as given.
    expect(await hamlet.alertWords.add({ alert_words: ['  spaced  '] })).toEqual({ alert_words: ['natural', 'foo', 'spaced'] });
    expect(await hamlet.alertWords.remove({ alert_words: [' spaced '] })).toEqual({ alert_words: ['natural', 'foo', 'spaced'] });
    // A new word given twice keeps its last spelling.
    expect(await hamlet.alertWords.add({ alert_words: ['Twice', 'TWICE'] })).toEqual({ alert_words: ['natural', 'foo', 'spaced', 'TWICE'] });
    expect(await realm.clientFor('othello@zulip.com').alertWords.list()).toEqual({ alert_words: [] });
  });

  it("strips added words as Python's str.strip does (regression: JavaScript's trim)", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => hamlet.alertWords.add({ alert_words: ['\u001cfs', '\ufeffbom', '\u0085nel\u001f', '\u001c\u0085'] }), {
      event_types: ['alert_words'],
    });
    expect(events).toEqual([{ id: expect.any(Number), type: 'alert_words', alert_words: ['fs', '\ufeffbom', 'nel'] }]);
    expect(await hamlet.alertWords.list()).toEqual({ alert_words: ['fs', '\ufeffbom', 'nel'] });
  });

  it('refuses a word over 100 characters', async () => {
    await expectApiError(realm.clientFor('hamlet@zulip.com').alertWords.add({ alert_words: ['ok', 'x'.repeat(101)] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'alert_words[1] is too long (limit: 100 characters)',
    });
  });

  it('flags has_alert_word per recipient at the server word boundaries, and again on edit', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    await hamlet.alertWords.add({ alert_words: ['one', 'big deal'] });
    const send = async (content: string) => (await iago.messages.send({ type: 'channel', to: 'Denmark', topic: 'alerts', content })).id;
    const flagged = async (id: number) => (await hamlet.messages.get({ message_id: id })).message.flags?.includes('has_alert_word');
    const cases: readonly (readonly [string, boolean])[] = [
      ['ONE thing', true],
      ['(one)', true],
      ['it is a Big Deal!', true],
      ['someone', false],
      ['http://t.co/one/', false],
      ['"one"', false],
      ['`one`', true],
      // The server's start check accepts a word at position 1 whatever precedes it.
      ['@one', true],
      ['xone', true],
      ['xxone', false],
      // Read as the server's preprocessors leave the text: tabs expanded, fenced code taken out.
      ['x\tone', true],
      ['```\none\n```', false],
      ['```quote\none\n```', true],
    ];
    for (const [content, expected] of cases) expect(await flagged(await send(content)), content).toBe(expected);
    const othello = realm.clientFor('othello@zulip.com');
    const id = await send('one more');
    expect((await othello.messages.get({ message_id: id })).message.flags).not.toContain('has_alert_word');
    await iago.messages.update({ message_id: id, content: 'nothing here' });
    expect(await flagged(id)).toBe(false);
    await iago.messages.update({ message_id: id, content: 'one again' });
    expect(await flagged(id)).toBe(true);
  });

  it('events: alert_words to the user only, and the register state follows', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => hamlet.alertWords.add({ alert_words: ['castle'] }), { event_types: ['alert_words'] });
    expect(events).toEqual([{ id: expect.any(Number), type: 'alert_words', alert_words: ['castle'] }]);
    await verifyAction(hamlet, () => hamlet.alertWords.remove({ alert_words: ['castle'] }), { event_types: ['alert_words'] });
    const othello = realm.clientFor('othello@zulip.com');
    const queue = await othello.events.register({ event_types: ['alert_words'] });
    await hamlet.alertWords.add({ alert_words: ['moat'] });
    const { events: seen } = await othello.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(seen).toEqual([]);
  });
});

const TRAC = { pattern: '#(?P<id>[0-9]{2,8})', url_template: 'https://trac.example.com/ticket/{id}' };

describe('linkifiers', () => {
  it('administrators add, list, update, reorder and remove them', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id: first } = await iago.linkifiers.add(TRAC);
    // Stripped before anything else, as the server does.
    const { id: second } = await iago.linkifiers.add({ pattern: '  ZUL-(?P<id>\\d+) ', url_template: ' https://example.com/{id}\n' });
    expect((await iago.linkifiers.list()).linkifiers.map((linkifier) => linkifier.id)).toEqual([first, second]);
    await iago.linkifiers.reorder({ ordered_linkifier_ids: [second, first] });
    await iago.linkifiers.update({ filter_id: first, pattern: '#(?P<id>[0-9]+) ', url_template: '  https://trac.example.com/t/{id}' });
    expect((await realm.clientFor('hamlet@zulip.com').linkifiers.list()).linkifiers).toEqual([
      { pattern: 'ZUL-(?P<id>\\d+)', url_template: 'https://example.com/{id}', id: second },
      { pattern: '#(?P<id>[0-9]+)', url_template: 'https://trac.example.com/t/{id}', id: first },
    ]);
    await iago.linkifiers.remove({ filter_id: second });
    expect((await iago.linkifiers.list()).linkifiers.map((linkifier) => linkifier.id)).toEqual([first]);
  });

  it("strips as Python's str.strip(): U+0085 and the separators go, a byte-order mark stays (acceptance test)", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    let id = 0;
    await verifyAction(
      iago,
      async () => {
        ({ id } = await iago.linkifiers.add({ pattern: 'abc(?P<id>\\d+)\u0085', url_template: '\u001fhttps://example.com/{id}\u0085' }));
      },
      { event_types: ['realm_linkifiers'] },
    );
    expect((await iago.linkifiers.list()).linkifiers).toContainEqual({ pattern: 'abc(?P<id>\\d+)', url_template: 'https://example.com/{id}', id });
    await verifyAction(
      iago,
      () => iago.linkifiers.update({ filter_id: id, pattern: '\ufeffabc(?P<id>\\d+)\u001c', url_template: 'https://example.com/{id}\u0085' }),
      { event_types: ['realm_linkifiers'] },
    );
    expect((await iago.linkifiers.list()).linkifiers).toContainEqual({ pattern: '\ufeffabc(?P<id>\\d+)', url_template: 'https://example.com/{id}', id });
  });

  it('refuses non-administrators', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const denied = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' };
    await expectApiError(hamlet.linkifiers.add(TRAC), denied);
    await expectApiError(hamlet.linkifiers.remove({ filter_id: 15 }), denied);
    await expectApiError(realm.clientFor('polonius@zulip.com').linkifiers.reorder({ ordered_linkifier_ids: [] }), denied);
  });

  it('answers the server errors', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
    const cases: readonly (readonly [string, string, string])[] = [
      ['', 'https://realm.com/my_realm_filter/{id}', 'This field cannot be blank.'],
      ['(foo', 'https://realm.com/{id}', 'Bad regular expression: missing ): (foo'],
      ['ZUL-(?P<id>\\d????)', 'https://realm.com/{id}', 'Bad regular expression: bad repetition operator: ????'],
      ['ZUL-(?P<id>\\d+)', '$fgfg', "Group 'id' in linkifier pattern is not present in URL template."],
      ['ZUL-(?P<id>\\d+)', 'https://realm.com/my_realm_filter/{hello}', "Group 'hello' in URL template is not present in linkifier pattern."],
      ['#(?P<id>[123])', '{id', 'Invalid URL template.'],
    ];
    for (const [pattern, url_template, msg] of cases) await expectApiError(iago.linkifiers.add({ pattern, url_template }), bad(msg));
    const { id } = await iago.linkifiers.add(TRAC);
    await expectApiError(iago.linkifiers.add(TRAC), bad('Realm filter with this Realm and Pattern already exists.'));
    await expectApiError(iago.linkifiers.remove({ filter_id: id + 1 }), bad('Linkifier not found.'));
    await expectApiError(iago.linkifiers.update({ filter_id: id + 1, ...TRAC }), bad('Linkifier not found.'));
    await expectApiError(iago.linkifiers.reorder({ ordered_linkifier_ids: [id, id] }), bad('The ordered list must not contain duplicated linkifiers'));
    await expectApiError(
      iago.linkifiers.reorder({ ordered_linkifier_ids: [id, id + 1] }),
      bad('The ordered list must enumerate all existing linkifiers exactly once'),
    );
  });

  it('links content and topics as the server does', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.linkifiers.add(TRAC);
    const { rendered } = await iago.messages.render({
      content: 'We should fix #224 #336 and #115, but not issue#124 or #1124z or [trac #15](https://trac.example.com/ticket/16) today.',
    });
    expect(rendered).toBe(
      '<p>We should fix <a href="https://trac.example.com/ticket/224">#224</a> <a href="https://trac.example.com/ticket/336">#336</a> and <a href="https://trac.example.com/ticket/115">#115</a>, but not issue#124 or #1124z or <a href="https://trac.example.com/ticket/16">trac #15</a> today.</p>',
    );
    await iago.linkifiers.add({ pattern: 'url-(?P<id>[0-9]+)', url_template: 'https://example.com/A%20Test/%%%ba/{id}' });
    expect((await iago.messages.render({ content: 'url-123 is well-escaped' })).rendered).toBe(
      '<p><a href="https://example.com/A%20Test/%25%25%ba/123">url-123</a> is well-escaped</p>',
    );
    const { id } = await iago.messages.send({ type: 'channel', to: 'Denmark', topic: '#444 https://google.com', content: 'x' });
    expect((await iago.messages.get({ message_id: id })).message.topic_links).toEqual([
      { url: 'https://trac.example.com/ticket/444', text: '#444' },
      { url: 'https://google.com', text: 'https://google.com' },
    ]);
  });

  // Expected HTML: Zulip's own renderer (the rendering oracle) with these linkifiers. The server
  // applies linkifiers after code, mentions, links and bare links (their placeholders are no text
  // start) and before emphasis (its `*` neither; a match holding a `*` is taken before emphasis).
  it.each([
    ['`x`#5 @**Iago**#5 [a](http://e.com)#5 <time:1700000000>#5 :smile:#5', '<p><code>x</code>#5 <span class="user-mention" data-user-id="1002">@Iago</span>#5 <a href="http://e.com">a</a>#5 <time datetime="2023-11-14T22:13:20Z">1700000000</time>#5 <span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span><a href="https://github.com/zulip/zulip/issues/5">#5</a></p>'],
    ['*#5* **ZUL-1** ~~#9~~ *a #5* **a `x`#5**', '<p><em>#5</em> <strong>ZUL-1</strong> <del>#9</del> <em>a <a href="https://github.com/zulip/zulip/issues/5">#5</a></em> <strong>a <code>x</code><a href="https://github.com/zulip/zulip/issues/5">#5</a></strong></p>'],
    ['S*4 a*', '<p><a href="https://star.example.com/4">S*4</a> a*</p>'],
    ['S*1* and a *b S*1* c', '<p><a href="https://star.example.com/1">S*1</a>* and a <em>b <a href="https://star.example.com/1">S*1</a></em> c</p>'],
    ['S*4 yes!*S*3', '<p><a href="https://star.example.com/4">S*4</a> yes!<em>S</em>3</p>'],
    ['~~S*1~~ **S*1 x**', '<p><del>S*1</del> <strong>S*1 x</strong></p>'],
    // A list item's own text, in an item holding blocks too, is read again, each text on its own.
    ['2. ~~#9~~\n>    https://x.org/v.mp4', '<ol start="2">\n<li><del><a href="https://github.com/zulip/zulip/issues/9">#9</a></del><blockquote>\n<p><a href="https://x.org/v.mp4">https://x.org/v.mp4</a></p>\n</blockquote>\n</li>\n</ol>'],
    ['+  #5#5,#6\n>  a', '<ul>\n<li><a href="https://github.com/zulip/zulip/issues/5">#5</a><a href="https://github.com/zulip/zulip/issues/5">#5</a>,<a href="https://github.com/zulip/zulip/issues/6">#6</a><blockquote>\n<p>a</p>\n</blockquote>\n</li>\n</ul>'],
    ['- *#5* `x`#5 #1#2,#3\n  > q', '<ul>\n<li><em><a href="https://github.com/zulip/zulip/issues/5">#5</a></em> <code>x</code><a href="https://github.com/zulip/zulip/issues/5">#5</a> <a href="https://github.com/zulip/zulip/issues/1">#1</a><a href="https://github.com/zulip/zulip/issues/2">#2</a>,<a href="https://github.com/zulip/zulip/issues/3">#3</a><blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>'],
    ['- *#5*\n- b', '<ul>\n<li><em>#5</em></li>\n<li>b</li>\n</ul>'],
    // Inside emphasis the text after each link is read again on its own, and after each link that
    // reading makes; the whole text of an emphasis in emphasis only once.
    ['**x #5#6#7**', '<p><strong>x <a href="https://github.com/zulip/zulip/issues/5">#5</a><a href="https://github.com/zulip/zulip/issues/6">#6</a><a href="https://github.com/zulip/zulip/issues/7">#7</a></strong></p>'],
    ['**a *#5#6* b**', '<p><strong>a <em><a href="https://github.com/zulip/zulip/issues/5">#5</a>#6</em> b</strong></p>'],
    // However many links in a row each reading of the text after the link before makes (the server
    // reads the whole rest each time; the mock only its start, linear): no limit.
    ["**x #1#2#3#4#5#6#7#8#9#10#11#12**", "<p><strong>x <a href=\"https://github.com/zulip/zulip/issues/1\">#1</a><a href=\"https://github.com/zulip/zulip/issues/2\">#2</a><a href=\"https://github.com/zulip/zulip/issues/3\">#3</a><a href=\"https://github.com/zulip/zulip/issues/4\">#4</a><a href=\"https://github.com/zulip/zulip/issues/5\">#5</a><a href=\"https://github.com/zulip/zulip/issues/6\">#6</a><a href=\"https://github.com/zulip/zulip/issues/7\">#7</a><a href=\"https://github.com/zulip/zulip/issues/8\">#8</a><a href=\"https://github.com/zulip/zulip/issues/9\">#9</a><a href=\"https://github.com/zulip/zulip/issues/10\">#10</a><a href=\"https://github.com/zulip/zulip/issues/11\">#11</a><a href=\"https://github.com/zulip/zulip/issues/12\">#12</a></strong></p>"],
    ["**x #1#2#3#4#5#6#7#8#9#10 `c`#11#12#13 y**", "<p><strong>x <a href=\"https://github.com/zulip/zulip/issues/1\">#1</a><a href=\"https://github.com/zulip/zulip/issues/2\">#2</a><a href=\"https://github.com/zulip/zulip/issues/3\">#3</a><a href=\"https://github.com/zulip/zulip/issues/4\">#4</a><a href=\"https://github.com/zulip/zulip/issues/5\">#5</a><a href=\"https://github.com/zulip/zulip/issues/6\">#6</a><a href=\"https://github.com/zulip/zulip/issues/7\">#7</a><a href=\"https://github.com/zulip/zulip/issues/8\">#8</a><a href=\"https://github.com/zulip/zulip/issues/9\">#9</a><a href=\"https://github.com/zulip/zulip/issues/10\">#10</a> <code>c</code><a href=\"https://github.com/zulip/zulip/issues/11\">#11</a><a href=\"https://github.com/zulip/zulip/issues/12\">#12</a><a href=\"https://github.com/zulip/zulip/issues/13\">#13</a> y</strong></p>"],
    ["***#1#2#3#4#5#6#7#8#9#10#11#12***", "<p><strong><em><a href=\"https://github.com/zulip/zulip/issues/1\">#1</a><a href=\"https://github.com/zulip/zulip/issues/2\">#2</a><a href=\"https://github.com/zulip/zulip/issues/3\">#3</a><a href=\"https://github.com/zulip/zulip/issues/4\">#4</a><a href=\"https://github.com/zulip/zulip/issues/5\">#5</a><a href=\"https://github.com/zulip/zulip/issues/6\">#6</a><a href=\"https://github.com/zulip/zulip/issues/7\">#7</a><a href=\"https://github.com/zulip/zulip/issues/8\">#8</a><a href=\"https://github.com/zulip/zulip/issues/9\">#9</a><a href=\"https://github.com/zulip/zulip/issues/10\">#10</a><a href=\"https://github.com/zulip/zulip/issues/11\">#11</a><a href=\"https://github.com/zulip/zulip/issues/12\">#12</a></em></strong></p>"],
    // Inside emphasis the text after an emoji is read again on its own, by the linkifiers too.
    ['**😀#5#6 b**', '<p><strong><span aria-label="grinning" class="emoji emoji-1f600" role="img" title="grinning">:grinning:</span><a href="https://github.com/zulip/zulip/issues/5">#5</a><a href="https://github.com/zulip/zulip/issues/6">#6</a> b</strong></p>'],
    ['***x 😀#5***', '<p><strong><em>x <span aria-label="grinning" class="emoji emoji-1f600" role="img" title="grinning">:grinning:</span><a href="https://github.com/zulip/zulip/issues/5">#5</a></em></strong></p>'],
    ['- 😀ZUL-1 #5\n  > q', '<ul>\n<li><span aria-label="grinning" class="emoji emoji-1f600" role="img" title="grinning">:grinning:</span><a href="https://trac.example.com/ticket/1">ZUL-1</a> <a href="https://github.com/zulip/zulip/issues/5">#5</a><blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>'],
    ['~~😀ZUL-1~~', '<p><del><span aria-label="grinning" class="emoji emoji-1f600" role="img" title="grinning">:grinning:</span><a href="https://trac.example.com/ticket/1">ZUL-1</a></del></p>'],
  ])('links %j where the server does', async (content, html) => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.linkifiers.add({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/zulip/issues/{id}' });
    await iago.linkifiers.add({ pattern: 'ZUL-(?P<id>[0-9]+)', url_template: 'https://trac.example.com/ticket/{id}' });
    await iago.linkifiers.add({ pattern: 'S\\*(?P<n>[0-9]+)', url_template: 'https://star.example.com/{n}' });
    expect((await iago.messages.render({ content })).rendered).toBe(html);
  });

  it('events: realm_linkifiers to every queue, applied by those declaring linkifier_url_template, register state', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const register = { event_types: ['realm_linkifiers'], client_capabilities: { notification_settings_null: false, linkifier_url_template: true } };
    const events = await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.linkifiers.add(TRAC), register);
    const id = (await iago.linkifiers.list()).linkifiers[0]?.id;
    expect(events).toEqual([{ id: expect.any(Number), type: 'realm_linkifiers', realm_linkifiers: [{ ...TRAC, id }] }]);
    await verifyAction(iago, () => iago.linkifiers.update({ filter_id: id ?? 0, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.example/{id}' }), register);
    await verifyAction(iago, () => iago.linkifiers.remove({ filter_id: id ?? 0 }), register);
    const plain = await realm.clientFor('hamlet@zulip.com').events.register({ event_types: ['realm_linkifiers', 'realm_filters'] });
    expect(plain.realm_linkifiers).toEqual([]);
    expect(plain.realm_filters).toEqual([]);
    // Without the capability the event still comes (the server sends it to every active user);
    // the state, empty, stays so.
    for (const client_capabilities of [undefined, { notification_settings_null: false }]) {
      const old = await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.linkifiers.add({ ...TRAC, pattern: `#(?P<id>[0-9]+)${String(client_capabilities === undefined)}` }), {
        event_types: ['realm_linkifiers'],
        ...(client_capabilities ? { client_capabilities } : {}),
      });
      expect(old.map((event) => event?.type)).toEqual(['realm_linkifiers']);
    }
  });
});
