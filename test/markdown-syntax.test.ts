import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const span = (name: string, code: string, title = name.replace(/_/g, ' ')) =>
  `<span aria-label="${title}" class="emoji emoji-${code}" role="img" title="${title}">:${name}:</span>`;

async function render(content: string, email = 'iago@zulip.com'): Promise<string> {
  return (await realm.clientFor(email).messages.render({ content })).rendered;
}

// Cases from the real server's markdown_test_cases.json (input, expected HTML).
const EMOJI_CASES: readonly (readonly [string, string])[] = [
  ['**:smile:**', `<p><strong>${span('smile', '1f604')}</strong></p>`],
  [
    'test :smile: again :poop:\n:) foo:)bar x::y::z :wasted waste: :fakeemojithisshouldnotrender:',
    `<p>test ${span('smile', '1f604')} again ${span('poop', '1f4a9')}<br>\n:) foo:)bar x::y::z :wasted waste: :fakeemojithisshouldnotrender:</p>`,
  ],
  [':airplane:', `<p>${span('airplane', '2708')}</p>`],
  [':zulip:', '<p><img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"></p>'],
  ['\u{1f937}\u200d\u2640\ufe0f', `<p>${span('woman_shrugging', '1f937-200d-2640')}</p>`],
  ['\u{1f441}\u200d\u{1f5e8} #\ufe0f\u20e3', `<p>${span('eye_in_speech_bubble', '1f441-200d-1f5e8')} ${span('hash', '0023-20e3')}</p>`],
  ['wheelchair: \u{1f468}\u{1f3ff}\u200d\u{1f9bd}', '<p>wheelchair: \u{1f468}\u{1f3ff}\u200d\u{1f9bd}</p>'],
  ['normal lemon \u{1f34b}', `<p>normal lemon ${span('lemon', '1f34b')}</p>`],
  [':cat:hello:dog::rabbit:', `<p>${span('cat', '1f408')}hello${span('dog', '1f415')}${span('rabbit', '1f407')}</p>`],
  [':not_an_emoji:', '<p>:not_an_emoji:</p>'],
  ['\u{1f4a9}\u{1f4a9}', `<p>${span('poop', '1f4a9')}${span('poop', '1f4a9')}</p>`],
  ['Merry Christmas!!\u{1f384}', `<p>Merry Christmas!!${span('holiday_tree', '1f384')}</p>`],
  ['\u2693\u2797', `<p>${span('anchor', '2693')}${span('division', '2797')}</p>`],
  ['Black upward arrow \u2b06\ufe0f', `<p>Black upward arrow ${span('up', '2b06')}</p>`],
  ['Extra\u{1f47d}Terrestrial', `<p>Extra${span('alien', '1f47d')}Terrestrial</p>`],
  [':smile:, :smile:; :smile:', `<p>${span('smile', '1f604')}, ${span('smile', '1f604')}; ${span('smile', '1f604')}</p>`],
  [':avocado:, :kiwi:, :selfie:, :gear:, :comet:, :gold:', `<p>${span('avocado', '1f951')}, ${span('kiwi', '1f95d')}, ${span('selfie', '1f933')}, ${span('gear', '2699')}, ${span('comet', '2604')}, ${span('gold', '1f947')}</p>`],
  ['The winner is:\nsmiley:smiley:', `<p>The winner is:<br>\nsmiley${span('smiley', '1f603')}</p>`],
  ['Testing *:smiley*: :sm*iley*: Testing', '<p>Testing <em>:smiley</em>: :sm<em>iley</em>: Testing</p>'],
  ['Visit https:smiley://google.com.', `<p>Visit https${span('smiley', '1f603')}//google.com.</p>`],
  [':skin-tone-2: :skin-tone-3:', '<p>:skin-tone-2: :skin-tone-3:</p>'],
  ['This is :invalidemoji: which should not prevent rendering :smile:', `<p>This is :invalidemoji: which should not prevent rendering ${span('smile', '1f604')}</p>`],
  ['`:smile:`', '<p><code>:smile:</code></p>'],
];

// Digits, `#` and `*` have the Unicode Emoji property: as the server reads them, they start an
// emoji only with U+FE0F (a keycap), and one joined by ZWJ keeps its whole sequence as text.
const KEYCAP_CASES: readonly (readonly [string, string])[] = [
  ['room 101, #7 and 1\ufe0f\u20e3', `<p>room 101, #7 and ${span('one', '0031-20e3')}</p>`],
  ['2\u20e3 3\ufe0f', '<p>2\u20e3 3\ufe0f</p>'],
  ['2\u200d\u{1f44d} \u{1f44d}\u200d2', '<p>2\u200d\u{1f44d} \u{1f44d}\u200d2</p>'],
];

describe('emoji', () => {
  it.each([...EMOJI_CASES, ...KEYCAP_CASES])('%j renders as the server renders it', async (input, expected) => {
    expect(await render(input)).toBe(expected);
  });

  it('a custom emoji renders as the server image', async () => {
    const id = realm.mock.store.activeRealmEmojiByName('green_tick')?.id;
    expect(await render(':green_tick:')).toBe(
      `<p><img alt=":green_tick:" class="emoji" src="/user_avatars/${realm.mock.realm.id}/emoji/images/${id}.png" title="green tick"></p>`,
    );
  });

  it('emoticons stay text unless the sender translates them', async () => {
    expect(await render(':)')).toBe('<p>:)</p>');
    realm.mock.store.tables.user.update(realm.userId('iago@zulip.com'), { translate_emoticons: true });
    const cases: readonly (readonly [string, string])[] = [
      [':)', `<p>${span('slight_smile', '1f642')}</p>`],
      [':D (:', `<p>${span('smile', '1f604')} ${span('slight_smile', '1f642')}</p>`],
      [
        ':) foo :( bar <3 with space : ) real emoji :smile:',
        `<p>${span('slight_smile', '1f642')} foo ${span('frown', '1f641')} bar ${span('heart', '2764')} with space : ) real emoji ${span('smile', '1f604')}</p>`,
      ],
      ['a:) ;)b', '<p>a:) ;)b</p>'],
      [':) test\n:) test', `<p>${span('slight_smile', '1f642')} test<br>\n${span('slight_smile', '1f642')} test</p>`],
      ['`:)`', '<p><code>:)</code></p>'],
      ['Translate this :).', `<p>Translate this ${span('slight_smile', '1f642')}.</p>`],
      ['Translate this !:)?', `<p>Translate this !${span('slight_smile', '1f642')}?</p>`],
    ];
    for (const [input, expected] of cases) expect(await render(input), input).toBe(expected);
  });
});

describe('channel, topic and message links', () => {
  it('renders the three forms with the server classes, data attributes and narrow URLs', async () => {
    const verona = realm.mock.store.channelByName('Verona')?.id ?? 0;
    expect(await render('#**Verona**')).toBe(
      `<p><a class="stream" data-stream-id="${verona}" href="/#narrow/channel/${verona}-Verona">#Verona</a></p>`,
    );
    expect(await render('#**Verona>some topic**')).toBe(
      `<p><a class="stream-topic" data-stream-id="${verona}" href="/#narrow/channel/${verona}-Verona/topic/some.20topic">#Verona &gt; some topic</a></p>`,
    );
    expect(await render('#**Verona>some topic@123**')).toBe(
      `<p><a class="message-link" href="/#narrow/channel/${verona}-Verona/topic/some.20topic/near/123">#Verona &gt; some topic @ 💬</a></p>`,
    );
  });

  it('a topic link with messages points at its latest message', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const verona = realm.mock.store.channelByName('Verona')?.id ?? 0;
    await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'lunch', content: 'a' });
    const { id } = await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'lunch', content: 'b' });
    expect(await render('see #**Verona>lunch**')).toBe(
      `<p>see <a class="stream-topic" data-stream-id="${verona}" href="/#narrow/channel/${verona}-Verona/topic/lunch/with/${id}">#Verona &gt; lunch</a></p>`,
    );
  });

  it("a link follows what a mention may follow (BEFORE_MENTION_ALLOWED_REGEX): Python's whitespace or ' \" ( { [ / <", async () => {
    const verona = realm.channelId('Verona');
    const link = `<a class="stream" data-stream-id="${verona}" href="/#narrow/channel/${verona}-Verona">#Verona</a>`;
    expect(await render('x#**Verona** and a:#**Verona>t**')).toBe('<p>x#<strong>Verona</strong> and a:#<strong>Verona&gt;t</strong></p>');
    expect(await render('(#**Verona** [#**Verona**')).toBe(`<p>(${link} [${link}</p>`);
    expect(await render('a\ufeff#**Verona**')).toBe('<p>a\ufeff#<strong>Verona</strong></p>');
  });

  it.each([
    ['| a | b |\n|---|---|\n|#**Verona**| x', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>#<strong>Verona</strong></td>\n<td>x</td>\n</tr>\n</tbody>\n</table>'],
    ['>#**Verona>t**', '<blockquote>\n<p>#<strong>Verona&gt;t</strong></p>\n</blockquote>'],
    [
      '>#**Verona**\n\n#**Verona**',
      '<blockquote>\n<p><a class="stream" data-stream-id="2001" href="/#narrow/channel/2001-Verona">#Verona</a></p>\n</blockquote>\n<p><a class="stream" data-stream-id="2001" href="/#narrow/channel/2001-Verona">#Verona</a></p>',
    ],
  ])('a name the raw message has only after another character (a cell after `|`, a quote after `>`) is not looked up: %j', async (input, expected) => {
    expect(await render(input)).toBe(expected);
  });

  it('a user or group the raw message mentions only after another character (a cell after `|`, a quote after `>`) is not looked up (possible_mentions)', async () => {
    const hamlet = realm.userId('hamlet@zulip.com');
    const mention = `<span class="user-mention" data-user-id="${hamlet}">@King Hamlet</span>`;
    expect(await render('| a | b |\n|---|---|\n|@**King Hamlet**| x')).toContain('<td>@<strong>King Hamlet</strong></td>');
    expect(await render('>@**King Hamlet**')).toBe('<blockquote>\n<p>@<strong>King Hamlet</strong></p>\n</blockquote>');
    expect(await render('>@*hamletcharacters*')).toBe('<blockquote>\n<p>@<em>hamletcharacters</em></p>\n</blockquote>');
    // Mentioned where a mention may start, by name or by ID, the user is looked up for both.
    expect(await render(`@**King Hamlet|${hamlet}**\n>@**King Hamlet**`)).toBe(`<p>${mention}</p>\n<blockquote>\n<p>${mention}</p>\n</blockquote>`);
  });

  it('a mention after U+0085 (whitespace to Python) is a mention; after U+FEFF it is not', async () => {
    const iago = realm.userId('iago@zulip.com');
    expect(await render('a\u0085@**Iago**')).toBe(`<p>a\u0085<span class="user-mention" data-user-id="${iago}">@Iago</span></p>`);
    expect(await render('a\ufeff@**Iago**')).toBe('<p>a\ufeff@<strong>Iago</strong></p>');
  });

  it('unknown channels and private channels the sender cannot see stay text', async () => {
    // The server's backend leaves the asterisks to the bold rule.
    expect(await render('And this is a #**wrong** stream link')).toBe('<p>And this is a #<strong>wrong</strong> stream link</p>');
    const secret = realm.mock.store.tables.channel.all().find((channel) => channel.invite_only);
    expect(secret, 'the seed has a private channel').toBeDefined();
    const outsider = realm.mock.store.tables.user
      .all()
      .find((user) => !user.is_bot && user.is_active && !realm.mock.store.isSubscribed(user.id, secret?.id ?? 0));
    expect(await render(`#**${secret?.name}**`, outsider?.email)).toBe(`<p>#<strong>${secret?.name}</strong></p>`);
  });

  it('a guest links only the public channels they are subscribed to (get_content_access_streams)', async () => {
    // polonius is subscribed to Verona only; Denmark is public, which guests cannot read unsubscribed.
    expect(await render('#**Denmark** #**Denmark>castle** #**Verona**', 'polonius@zulip.com')).toBe(
      '<p>#<strong>Denmark</strong> #<strong>Denmark&gt;castle</strong> ' +
        '<a class="stream" data-stream-id="2001" href="/#narrow/channel/2001-Verona">#Verona</a></p>',
    );
  });
});

describe('<time:...>', () => {
  const TIME_CASES: readonly (readonly [string, string])[] = [
    ['<time:Jun 5th 2017, 10:30PM>', '<p><time datetime="2017-06-05T22:30:00Z">Jun 5th 2017, 10:30PM</time></p>'],
    ['<time:31 Dec 2017>', '<p><time datetime="2017-12-31T00:00:00Z">31 Dec 2017</time></p>'],
    ['<time:<alert(1)>>', '<p><span class="timestamp-error">Invalid time format: &lt;alert(1)</span>&gt;</p>'],
    ['<time:31 Dec 2017 5:30 am IST>', '<p><time datetime="2017-12-31T00:00:00Z">31 Dec 2017 5:30 am IST</time></p>'],
    ['<time:**hello world**>', '<p><span class="timestamp-error">Invalid time format: **hello world**</span></p>'],
    ["Let's meet at <time:1496701800>.", `<p>Let's meet at <time datetime="2017-06-05T22:30:00Z">1496701800</time>.</p>`],
    // Python's datetime holds the years 1 to 9999 only, and writes microseconds in full.
    ['<time:0001-01-01T01:00:00+02:00>', '<p><span class="timestamp-error">Invalid time format: 0001-01-01T01:00:00+02:00</span></p>'],
    ["Let's meet at <time:1234567890123>.", `<p>Let's meet at <span class="timestamp-error">Invalid time format: 1234567890123</span>.</p>`],
    ['<time:253402300799>', '<p><time datetime="9999-12-31T23:59:59Z">253402300799</time></p>'],
    ['<time:1496701800.1234>', '<p><time datetime="2017-06-05T22:30:00.123400Z">1496701800.1234</time></p>'],
    // Zone names from the server's `common_timezones` (zerver/lib/timezone.py), in capitals only (dateutil's rule);
    // a capitalised name it does not know leaves the time in UTC.
    ['<time:2017-06-05 10:00 HST>', '<p><time datetime="2017-06-05T20:00:00Z">2017-06-05 10:00 HST</time></p>'],
    ['<time:2017-06-05 10:00 NST>', '<p><time datetime="2017-06-05T13:30:00Z">2017-06-05 10:00 NST</time></p>'],
    ['<time:2017-06-05 10:00 NZDT>', '<p><time datetime="2017-06-04T21:00:00Z">2017-06-05 10:00 NZDT</time></p>'],
    ['<time:2017-06-05 10:00 XYZ>', '<p><time datetime="2017-06-05T10:00:00Z">2017-06-05 10:00 XYZ</time></p>'],
    ['<time:2017-06-05 10:00 est>', '<p><span class="timestamp-error">Invalid time format: 2017-06-05 10:00 est</span></p>'],
  ];
  it.each(TIME_CASES)('%j renders as the server renders it', async (input, expected) => {
    expect(await render(input)).toBe(expected);
  });
});

describe('/me', () => {
  it('keeps the text as the server does and marks the message', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'me', content: '/me takes a walk' });
    const { message } = await iago.messages.get({ message_id: id });
    expect(message.content).toBe('<p>/me takes a walk</p>');
    expect(message.is_me_message).toBe(true);
  });
});
