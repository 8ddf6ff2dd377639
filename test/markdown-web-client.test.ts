import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { customEmojiUrl } from '../mock/domain/emoji/custom-emoji-urls';
import { addLinkifier } from '../mock/domain/linkifiers/operations';
import { renderMessage } from '../mock/domain/markdown/render';
import { createMockServer } from '../mock/index';
import { DEFAULT_SEED } from '../mock/seed/default-seed';

// The web client's rendering cases (web/tests/markdown.test.cjs and markdown_parse.test.cjs of
// Zulip 10.2) in the realm those tests set up, with the HTML the server's own renderer writes:
// where the web client's marked renderer differs, the comment says why the server writes
// otherwise (zerver/lib/markdown/__init__.py, zerver/lib/mention.py).
const realm = createMockServer({
  baseUrl: 'http://chat.test',
  realmUrl: 'http://zulip.testserver',
  clock: new ManualClock(),
  seed: {
    ...DEFAULT_SEED,
    users: [
      ...(DEFAULT_SEED.users ?? []).map((user) => (user.email === 'cordelia@zulip.com' ? { ...user, id: 101 } : user)),
      { email: 'leo@zulip.com', full_name: 'Leo', id: 102 },
      { email: 'bobby@zulip.com', full_name: 'Bobby <h1>Tables</h1>', id: 103 },
      { email: 'twin1@zulip.com', full_name: 'Mark Twin', id: 104 },
      { email: 'twin2@zulip.com', full_name: 'Mark Twin', id: 105 },
      { email: 'bobby2@zulip.com', full_name: 'Brother of Bobby|123', id: 106 },
      { email: 'ampampamp@zulip.com', full_name: '& & &amp;', id: 107 },
    ],
    user_groups: [
      { name: 'hamletcharacters', description: 'Characters of Hamlet', members: ['cordelia@zulip.com'] },
      { name: 'Backend' },
      { name: 'Bobby <h1>Tables</h1>' },
      { name: '& & &amp;' },
    ],
    channels: [
      ...(DEFAULT_SEED.channels ?? []),
      { name: 'social', invite_only: true, subscribers: ['cordelia@zulip.com'] },
      { name: 'Bobby <h1>Tables</h1>', subscribers: ['cordelia@zulip.com'] },
      { name: 'Bobby <h1', subscribers: ['cordelia@zulip.com'] },
      { name: '& & &amp;', subscribers: ['cordelia@zulip.com'] },
    ],
    realm_emoji: [{ name: 'burrito' }, { name: 'heart' }, { name: 'slight_smile' }],
  },
});
const LINKIFIERS = [
  ['#(?P<id>[0-9]{2,8})', 'https://trac.example.com/ticket/{id}'],
  ['ZBUG_(?P<id>[0-9]{2,8})', 'https://trac2.zulip.net/ticket/{id}'],
  ['ZGROUP_(?P<id>[0-9]{2,8}):(?P<zone>[0-9]{1,8})', 'https://zone_{zone}.zulip.net/ticket/{id}'],
  [
    'FOO_(?P<id>[a-f]{5});(?P<zone>[a-f]);(?P<domain>[a-z]+);(?P<location>[a-z]+);(?P<name>[a-z]{2,8});(?P<chapter>[0-9]{2,3});(?P<fragment>[a-z]{2,8})',
    'https://zone_{zone}{.domain}.net/ticket{/location}{/id}{?name,chapter}{#fragment:5}',
  ],
];
for (const [pattern = '', urlTemplate = ''] of LINKIFIERS) addLinkifier(realm.state, pattern, urlTemplate);

function channelId(name: string): number {
  const found = realm.state.store.tables.channel.all().find((channel) => channel.name === name);
  if (!found) throw new Error(`no channel ${name}`);
  return found.id;
}

function groupId(name: string): number {
  const found = realm.state.store.tables.userGroup.all().find((group) => group.name === name);
  if (!found) throw new Error(`no group ${name}`);
  return found.id;
}

function emojiSrc(name: string): string {
  const found = realm.state.store.activeRealmEmojiByName(name);
  if (!found) throw new Error(`no custom emoji ${name}`);
  return customEmojiUrl(realm.state, found);
}

const channel = {
  denmark: channelId('Denmark'),
  social: channelId('social'),
  bobby: channelId('Bobby <h1'),
  amp: channelId('& & &amp;'),
};
const group = { hamletcharacters: groupId('hamletcharacters'), tables: groupId('Bobby <h1>Tables</h1>') };
const burrito = emojiSrc('burrito');

function render(content: string, translateEmoticons = false): string {
  const cordelia = realm.store.userByDeliveryEmail('cordelia@zulip.com');
  if (!cordelia) throw new Error('no Cordelia');
  return renderMessage(realm.state, content, { ...cordelia, translate_emoticons: translateEmoticons }).html;
}

// [input, the server's HTML, the sender's translate_emoticons]
const WEB_CLIENT_CASES: [string, string, boolean?][] = [
  ['hello', `<p>hello</p>`],
  ['hello there', `<p>hello there</p>`],
  ['hello **bold** for you', `<p>hello <strong>bold</strong> for you</p>`],
  ['hello ***foo*** for you', `<p>hello <strong><em>foo</em></strong> for you</p>`],
  ['__hello__', `<p>__hello__</p>`],
  ['\n```\nfenced code\n```\n\nand then after\n', `<div class="codehilite"><pre><span></span><code>fenced code\n</code></pre></div>\n<p>and then after</p>`],
  ['\n```\n    fenced code trailing whitespace            \n```\n\nand then after\n', `<div class="codehilite"><pre><span></span><code>    fenced code trailing whitespace\n</code></pre></div>\n<p>and then after</p>`],
  ['* a\n* list \n* here', `<ul>\n<li>a</li>\n<li>list </li>\n<li>here</li>\n</ul>`],
  ['\n```c#\nfenced code special\n```\n\nand then after\n', `<div class="codehilite" data-code-language="C#"><pre><span></span><code>fenced code special\n</code></pre></div>\n<p>and then after</p>`],
  ['\n```vb.net\nfenced code dot\n```\n\nand then after\n', `<div class="codehilite" data-code-language="VB.net"><pre><span></span><code>fenced code dot\n</code></pre></div>\n<p>and then after</p>`],
  ['Some text first\n* a\n* list \n* here\n\nand then after', `<p>Some text first</p>\n<ul>\n<li>a</li>\n<li>list </li>\n<li>here</li>\n</ul>\n<p>and then after</p>`],
  ['1. an\n2. ordered \n3. list', `<ol>\n<li>an</li>\n<li>ordered </li>\n<li>list</li>\n</ol>`],
  ['\n~~~quote\nquote this for me\n~~~\nthanks\n', `<blockquote>\n<p>quote this for me</p>\n</blockquote>\n<p>thanks</p>`],
  ['This is a @**CordeLIA, Lear\'s daughter** mention', `<p>This is a <span class="user-mention" data-user-id="101">@Cordelia, Lear's daughter</span> mention</p>`], // ElementTree writes ' as is
  ['These @ @**** are not mentions', `<p>These @ @**** are not mentions</p>`], // the server's `*` patterns need text inside
  ['These # #**** are not mentions', `<p>These # #**** are not mentions</p>`], // the server's `*` patterns need text inside
  ['These @* are not mentions', `<p>These @* are not mentions</p>`],
  ['These #* #*** are also not mentions', `<p>These #* #*** are also not mentions</p>`],
  ['This is a #**Denmark** stream link', `<p>This is a <a class="stream" data-stream-id="${channel.denmark}" href="/#narrow/channel/${channel.denmark}-Denmark">#Denmark</a> stream link</p>`],
  ['This is #**Denmark** and #**social** stream links', `<p>This is <a class="stream" data-stream-id="${channel.denmark}" href="/#narrow/channel/${channel.denmark}-Denmark">#Denmark</a> and <a class="stream" data-stream-id="${channel.social}" href="/#narrow/channel/${channel.social}-social">#social</a> stream links</p>`],
  ['And this is a #**wrong** stream link', `<p>And this is a #<strong>wrong</strong> stream link</p>`], // no such channel: emphasis
  ['This is a #**Denmark>some topic** stream_topic link', `<p>This is a <a class="stream-topic" data-stream-id="${channel.denmark}" href="/#narrow/channel/${channel.denmark}-Denmark/topic/some.20topic">#Denmark &gt; some topic</a> stream_topic link</p>`], // topic links are absolute (`/#narrow`)
  ['This is a #**Denmark>** stream_topic link with empty string topic.', `<p>This is a <a class="stream-topic" data-stream-id="${channel.denmark}" href="/#narrow/channel/${channel.denmark}-Denmark/topic/">#Denmark &gt; <em>general chat</em></a> stream_topic link with empty string topic.</p>`], // the server's empty topic name, emphasized
  ['This has two links: #**Denmark>some topic** and #**social>other topic**.', `<p>This has two links: <a class="stream-topic" data-stream-id="${channel.denmark}" href="/#narrow/channel/${channel.denmark}-Denmark/topic/some.20topic">#Denmark &gt; some topic</a> and <a class="stream-topic" data-stream-id="${channel.social}" href="/#narrow/channel/${channel.social}-social/topic/other.20topic">#social &gt; other topic</a>.</p>`], // topic links are absolute (`/#narrow`)
  ['Look at #**Denmark>message_link@100**', `<p>Look at <a class="message-link" href="/#narrow/channel/${channel.denmark}-Denmark/topic/message_link/near/100">#Denmark &gt; message_link @ 💬</a></p>`], // topic links are absolute (`/#narrow`)
  ['Look at #**Denmark>@100**', `<p>Look at <a class="message-link" href="/#narrow/channel/${channel.denmark}-Denmark/topic//near/100">#Denmark &gt; <em>general chat</em> @ 💬</a></p>`], // the server's empty topic name, emphasized
  ['Look at #**Unknown>message_link@100**', `<p>Look at #<strong>Unknown&gt;message_link@100</strong></p>`], // no such channel: emphasis
  ['mmm...:burrito:s', `<p>mmm...<img alt=":burrito:" class="emoji" src="${burrito}" title="burrito">s</p>`], // the mock's custom emoji URL
  ['This is an :poop: message', `<p>This is an <span aria-label="poop" class="emoji emoji-1f4a9" role="img" title="poop">:poop:</span> message</p>`],
  ['💩', `<p><span aria-label="poop" class="emoji emoji-1f4a9" role="img" title="poop">:poop:</span></p>`],
  ['Silent mention: @_**Cordelia, Lear\'s daughter**', `<p>Silent mention: <span class="user-mention silent" data-user-id="101">Cordelia, Lear's daughter</span></p>`], // ElementTree writes ' as is
  ['> Mention in quote: @**Cordelia, Lear\'s daughter**\n\nMention outside quote: @**Cordelia, Lear\'s daughter**', `<blockquote>\n<p>Mention in quote: <span class="user-mention silent" data-user-id="101">Cordelia, Lear's daughter</span></p>\n</blockquote>\n<p>Mention outside quote: <span class="user-mention" data-user-id="101">@Cordelia, Lear's daughter</span></p>`], // ElementTree writes ' as is
  ['Stream Wildcard mention: @**all**\nStream Wildcard silent mention: @_**all**', `<p>Stream Wildcard mention: <span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span><br>\nStream Wildcard silent mention: <span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>`],
  ['> Stream Wildcard mention in quote: @**all**\n\n> Another stream wildcard mention in quote: @_**all**', `<blockquote>\n<p>Stream Wildcard mention in quote: <span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>\n</blockquote>\n<blockquote>\n<p>Another stream wildcard mention in quote: <span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>\n</blockquote>`],
  ['```quote\nStream Wildcard mention in quote: @**all**\n```\n\n```quote\nAnother stream wildcard mention in quote: @_**all**\n```', `<blockquote>\n<p>Stream Wildcard mention in quote: <span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>\n</blockquote>\n<blockquote>\n<p>Another stream wildcard mention in quote: <span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>\n</blockquote>`],
  ['Topic Wildcard mention: @**topic**\nTopic Wildcard silent mention: @_**topic**', `<p>Topic Wildcard mention: <span class="topic-mention">@topic</span><br>\nTopic Wildcard silent mention: <span class="topic-mention silent">topic</span></p>`],
  ['> Topic Wildcard mention in quote: @**topic**\n\n> Another topic wildcard mention in quote: @_**topic**', `<blockquote>\n<p>Topic Wildcard mention in quote: <span class="topic-mention silent">topic</span></p>\n</blockquote>\n<blockquote>\n<p>Another topic wildcard mention in quote: <span class="topic-mention silent">topic</span></p>\n</blockquote>`],
  ['```quote\nTopic Wildcard mention in quote: @**topic**\n```\n\n```quote\nAnother topic wildcard mention in quote: @_**topic**\n```', `<blockquote>\n<p>Topic Wildcard mention in quote: <span class="topic-mention silent">topic</span></p>\n</blockquote>\n<blockquote>\n<p>Another topic wildcard mention in quote: <span class="topic-mention silent">topic</span></p>\n</blockquote>`],
  ['User group mention: @*backend*\nUser group silent mention: @_*hamletcharacters*', `<p>User group mention: @<em>backend</em><br>\nUser group silent mention: <span class="user-group-mention silent" data-user-group-id="${group.hamletcharacters}">hamletcharacters</span></p>`], // group names match with their case
  ['> User group mention in quote: @*backend*\n\n> Another user group mention in quote: @*hamletcharacters*', `<blockquote>\n<p>User group mention in quote: @_<em>backend</em></p>\n</blockquote>\n<blockquote>\n<p>Another user group mention in quote: <span class="user-group-mention silent" data-user-group-id="${group.hamletcharacters}">hamletcharacters</span></p>\n</blockquote>`], // group names match with their case
  ['```quote\nUser group mention in quote: @*backend*\n```\n\n```quote\nAnother user group mention in quote: @*hamletcharacters*\n```', `<blockquote>\n<p>User group mention in quote: @_<em>backend</em></p>\n</blockquote>\n<blockquote>\n<p>Another user group mention in quote: <span class="user-group-mention silent" data-user-group-id="${group.hamletcharacters}">hamletcharacters</span></p>\n</blockquote>`], // group names match with their case
  ['This is a linkifier #1234 with text after it', `<p>This is a linkifier <a href="https://trac.example.com/ticket/1234">#1234</a> with text after it</p>`], // no `title` on linkifier links
  ['This is a complicated linkifier FOO_abcde;e;zulip;luxembourg;foo;23;testing with text after it', `<p>This is a complicated linkifier <a href="https://zone_e.zulip.net/ticket/luxembourg/abcde?name=foo&amp;chapter=23#testi">FOO_abcde;e;zulip;luxembourg;foo;23;testing</a> with text after it</p>`], // no `title` on linkifier links
  ['#1234is not a linkifier.', `<p>#1234is not a linkifier.</p>`],
  ['A pattern written as #1234is not a linkifier.', `<p>A pattern written as #1234is not a linkifier.</p>`],
  ['This is a linkifier with ZGROUP_123:45 groups', `<p>This is a linkifier with <a href="https://zone_45.zulip.net/ticket/123">ZGROUP_123:45</a> groups</p>`], // no `title` on linkifier links
  ['Test *italic*', `<p>Test <em>italic</em></p>`],
  ['T\n#**Denmark**', `<p>T<br>\n<a class="stream" data-stream-id="${channel.denmark}" href="/#narrow/channel/${channel.denmark}-Denmark">#Denmark</a></p>`],
  ['T\n@**Cordelia, Lear\'s daughter**', `<p>T<br>\n<span class="user-mention" data-user-id="101">@Cordelia, Lear's daughter</span></p>`], // ElementTree writes ' as is
  ['@**Mark Twin|104** and @**Mark Twin|105** are out to confuse you.', `<p><span class="user-mention" data-user-id="104">@Mark Twin</span> and <span class="user-mention" data-user-id="105">@Mark Twin</span> are out to confuse you.</p>`],
  ['@**Invalid User|1234**', `<p>@<strong>Invalid User|1234</strong></p>`], // no such user or channel: the syntax falls through to emphasis
  ['@**Cordelia, Lear\'s daughter|103** has a wrong user_id.', `<p>@<strong>Cordelia, Lear's daughter|103</strong> has a wrong user_id.</p>`], // no such user or channel: the syntax falls through to emphasis
  ['@**Brother of Bobby|123** is really the full name.', `<p>@<strong>Brother of Bobby|123</strong> is really the full name.</p>`], // `|123` read as a user ID
  ['@**Brother of Bobby|123|106**', `<p><span class="user-mention" data-user-id="106">@Brother of Bobby|123</span></p>`],
  ['@**|106** valid user id.', `<p><span class="user-mention" data-user-id="106">@Brother of Bobby|123</span> valid user id.</p>`],
  ['@**|123|106** comes under user|id case.', `<p>@<strong>|123|106</strong> comes under user|id case.</p>`], // no such user or channel: the syntax falls through to emphasis
  ['@**|1234** invalid id.', `<p>@<strong>|1234</strong> invalid id.</p>`], // no such user or channel: the syntax falls through to emphasis
  ['T\n@hamletcharacters', `<p>T<br>\n@hamletcharacters</p>`],
  ['T\n@*hamletcharacters*', `<p>T<br>\n<span class="user-group-mention" data-user-group-id="${group.hamletcharacters}">@hamletcharacters</span></p>`],
  ['T\n@*notagroup*', `<p>T<br>\n@<em>notagroup</em></p>`], // no such group: emphasis
  ['T\n@*backend*', `<p>T<br>\n@<em>backend</em></p>`], // group names match with their case
  ['@*notagroup*', `<p>@<em>notagroup</em></p>`], // no such group: emphasis
  ['This is a linkifier `hello` with text after it', `<p>This is a linkifier <code>hello</code> with text after it</p>`],
  [':)', `<p>:)</p>`],
  [':)', `<p><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></p>`, true], // emoji names of main
  ['@**<h1>The Rogue One</h1>**', `<p>@<strong>&lt;h1&gt;The Rogue One&lt;/h1&gt;</strong></p>`], // no such user or channel: the syntax falls through to emphasis
  ['#**<h1>The Rogue One</h1>**', `<p>#<strong>&lt;h1&gt;The Rogue One&lt;/h1&gt;</strong></p>`], // no such user or channel: the syntax falls through to emphasis
  [':<h1>The Rogue One</h1>:', `<p>:&lt;h1&gt;The Rogue One&lt;/h1&gt;:</p>`],
  ['@**O\'Connell**', `<p>@<strong>O'Connell</strong></p>`], // no such user or channel: the syntax falls through to emphasis
  ['@*Bobby <h1>Tables</h1>*', `<p><span class="user-group-mention" data-user-group-id="${group.tables}">@Bobby &lt;h1&gt;Tables&lt;/h1&gt;</span></p>`],
  ['@*& &amp; &amp;amp;*', `<p>@<em>&amp; &amp; &amp;amp;</em></p>`], // the name as typed, `&amp;` not decoded
  ['@**Bobby <h1>Tables</h1>**', `<p><span class="user-mention" data-user-id="103">@Bobby &lt;h1&gt;Tables&lt;/h1&gt;</span></p>`],
  ['@**& &amp; &amp;amp;**', `<p>@<strong>&amp; &amp; &amp;amp;</strong></p>`], // the name as typed, `&amp;` not decoded
  ['#**Bobby <h1>Tables</h1>**', `<p><a class="stream-topic" data-stream-id="${channel.bobby}" href="/#narrow/channel/${channel.bobby}-Bobby-.3Ch1/topic/Tables.3C.2Fh1.3E">#Bobby &lt;h1 &gt; Tables&lt;/h1&gt;</a></p>`], // topic links are absolute (`/#narrow`)
  ['#**& &amp; &amp;amp;**', `<p>#<strong>&amp; &amp; &amp;amp;</strong></p>`], // the name as typed, `&amp;` not decoded
  ['#**& &amp; &amp;amp;>& &amp; &amp;amp;**', `<p>#<strong>&amp; &amp; &amp;amp;&gt;&amp; &amp; &amp;amp;</strong></p>`], // the name as typed, `&amp;` not decoded
];

describe("the web client's Markdown cases, as the server renders them", () => {
  it.each(WEB_CLIENT_CASES)('%j', (input, expected, translateEmoticons) => {
    expect(render(input, translateEmoticons)).toBe(expected);
  });
});

// The server's EmoticonTranslation renders an emoticon with make_emoji(name_to_codepoint[name]):
// the unicode emoji, even where a custom emoji takes its name; `:name:` means the custom one.
describe('emoticons', () => {
  it.each([
    ['I <3 JavaScript', '<p>I <span aria-label="heart" class="emoji emoji-2764" role="img" title="heart">:heart:</span> JavaScript</p>'],
    ['yup :)', '<p>yup <span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></p>'],
    ['I :heart: it', `<p>I <img alt=":heart:" class="emoji" src="${emojiSrc('heart')}" title="heart"> it</p>`],
    [':slight_smile:', `<p><img alt=":slight_smile:" class="emoji" src="${emojiSrc('slight_smile')}" title="slight smile"></p>`],
  ])('%j is the unicode emoji, whatever the custom emoji', (input, expected) => {
    expect(render(input, true)).toBe(expected);
  });
});
