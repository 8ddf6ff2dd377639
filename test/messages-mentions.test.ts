import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED } from '../mock/index';
import { BadRequestError } from '../src/index';
import { apiFailure } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm({
  seed: {
    ...DEFAULT_SEED,
    user_groups: [
      ...(DEFAULT_SEED.user_groups ?? []),
      { name: 'leads', members: ['iago@zulip.com', 'othello@zulip.com'], can_mention_group: 'role:administrators' },
    ],
  },
});

const userId = (email: string) => realm.userId(email);
const groupId = (name: string) => realm.groupId(name);

/** Sends as `sender` to Denmark and returns the rendered HTML and the message ID. */
async function sendAndRender(content: string, sender = 'iago@zulip.com'): Promise<{ id: number; html: string }> {
  const client = realm.clientFor(sender);
  const { id } = await client.messages.send({ type: 'channel', to: 'Denmark', topic: 'mentions', content });
  const { message } = await client.messages.get({ message_id: id });
  return { id, html: message.content };
}

function flagsOf(email: string, messageId: number): readonly string[] | undefined {
  return realm.mock.store.userMessages.flags(userId(email), messageId);
}

describe('rendered user mentions', () => {
  it('renders a name, a name with its ID, or an ID alone as a span with the canonical name', async () => {
    const hamlet = userId('hamlet@zulip.com');
    const span = `<span class="user-mention" data-user-id="${hamlet}">@King Hamlet</span>`;
    for (const written of ['@**King Hamlet**', '@**king hamlet**', `@**King Hamlet|${hamlet}**`, `@**|${hamlet}**`]) {
      const { html } = await sendAndRender(`hi ${written}`);
      expect(html, written).toBe(`<p>hi ${span}</p>`);
    }
  });

  it('leaves unknown names, a name that does not match the ID, and a mention glued to a word as text', async () => {
    const hamlet = userId('hamlet@zulip.com');
    expect((await sendAndRender('@**Nobody Here**')).html).toBe('<p>@<strong>Nobody Here</strong></p>');
    expect((await sendAndRender(`@**Iago|${hamlet}**`)).html).toBe(`<p>@<strong>Iago|${hamlet}</strong></p>`);
    const glued = await sendAndRender('mail@**King Hamlet**');
    expect(glued.html).toBe('<p>mail@<strong>King Hamlet</strong></p>');
    expect(flagsOf('hamlet@zulip.com', glued.id)).toEqual([]);
  });

  it('accepts the characters the server allows before a mention, and leaves quotes in text unescaped', async () => {
    const { html } = await sendAndRender(`("@**King Hamlet**") '@**King Hamlet**' {@**King Hamlet**} x/@**King Hamlet**`);
    expect(html.match(/class="user-mention"/g)).toHaveLength(4);
    expect(html).toContain('("<span class="user-mention"');
  });

  it('renders silent mentions without @ and without the mentioned flag', async () => {
    const hamlet = userId('hamlet@zulip.com');
    const { id, html } = await sendAndRender('@_**King Hamlet**');
    expect(html).toBe(`<p><span class="user-mention silent" data-user-id="${hamlet}">King Hamlet</span></p>`);
    expect(flagsOf('hamlet@zulip.com', id)).toEqual([]);
  });

  it('renders a deactivated user as a silent mention that flags nobody', async () => {
    const othello = userId('othello@zulip.com');
    realm.mock.store.tables.user.update(othello, { is_active: false });
    const { html } = await sendAndRender('@**Othello, the Moor of Venice**');
    expect(html).toBe(
      `<p><span class="user-mention silent" data-user-id="${othello}">Othello, the Moor of Venice</span></p>`,
    );
  });

  it('keeps mentions inside code as code', async () => {
    const { id, html } = await sendAndRender('`@**King Hamlet**`\n\n```\n@**King Hamlet**\n```');
    expect(html).not.toContain('user-mention');
    expect(flagsOf('hamlet@zulip.com', id)).toEqual([]);
  });

  // zerver/lib/markdown/__init__.py BlockQuoteProcessor.clean; test_markdown.py test_mention_in_quotes.
  it('silences mentions inside quotes: `>` lines and ```quote blocks flag nobody', async () => {
    const hamlet = userId('hamlet@zulip.com');
    const silent = `<span class="user-mention silent" data-user-id="${hamlet}">King Hamlet</span>`;
    for (const content of ['> @**King Hamlet**', '```quote\n@**King Hamlet**\n```', '> @_**King Hamlet**']) {
      const { id, html } = await sendAndRender(content);
      expect(html, content).toBe(`<blockquote>\n<p>${silent}</p>\n</blockquote>`);
      expect(flagsOf('hamlet@zulip.com', id), content).toEqual([]);
    }
    const mixed = await sendAndRender('> @**King Hamlet** and @**all**\n\n@**King Hamlet**');
    expect(mixed.html).toBe(
      `<blockquote>\n<p>${silent} and <span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>\n</blockquote>\n` +
        `<p><span class="user-mention" data-user-id="${hamlet}">@King Hamlet</span></p>`,
    );
    expect(flagsOf('hamlet@zulip.com', mixed.id)).toEqual(['mentioned']);
    expect(flagsOf('othello@zulip.com', mixed.id)).toEqual([]);
    const quoted = await sendAndRender('```quote\n@**topic** @*hamletcharacters*\n```');
    expect(quoted.html).toBe(
      `<blockquote>\n<p><span class="topic-mention silent">topic</span> ` +
        `<span class="user-group-mention silent" data-user-group-id="${groupId('hamletcharacters')}">hamletcharacters</span></p>\n</blockquote>`,
    );
    expect(flagsOf('hamlet@zulip.com', quoted.id)).toEqual([]);
  });

  it('escapes names in the HTML', async () => {
    realm.mock.store.tables.user.update(userId('cordelia@zulip.com'), { full_name: 'Cordelia <Lear>' });
    const { html } = await sendAndRender('@**Cordelia <Lear>**');
    expect(html).toContain('>@Cordelia &lt;Lear&gt;</span>');
  });
});

describe('rendered wildcard mentions', () => {
  it('renders channel wildcards with the word typed, and silent ones without @', async () => {
    const { html } = await sendAndRender('@**everyone** @**stream** @_**all**');
    expect(html).toBe(
      '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@everyone</span> ' +
        '<span class="user-mention channel-wildcard-mention" data-user-id="*">@stream</span> ' +
        '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>',
    );
  });

  it('renders @**topic** without a user ID; silent wildcards set no flags', async () => {
    const loud = await sendAndRender('@**topic**');
    expect(loud.html).toBe('<p><span class="topic-mention">@topic</span></p>');
    const quiet = await sendAndRender('@_**topic** @_**all**');
    expect(quiet.html).toBe(
      '<p><span class="topic-mention silent">topic</span> ' +
        '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>',
    );
    expect(flagsOf('iago@zulip.com', quiet.id)).toEqual([]);
  });
});

describe('user group mentions', () => {
  it('renders a group and flags its members who receive the message', async () => {
    const { id, html } = await sendAndRender('@*hamletcharacters* meeting');
    expect(html).toBe(
      `<p><span class="user-group-mention" data-user-group-id="${groupId('hamletcharacters')}">@hamletcharacters</span> meeting</p>`,
    );
    expect(flagsOf('hamlet@zulip.com', id)).toEqual(['mentioned']);
    expect(flagsOf('cordelia@zulip.com', id)).toEqual(['mentioned']);
    expect(flagsOf('othello@zulip.com', id)).toEqual([]);
  });

  it('refuses a group the sender may not mention, with the server message and nothing stored', async () => {
    const before = realm.mock.store.tables.message.size;
    const error = await apiFailure(
      realm
        .clientFor('hamlet@zulip.com')
        .messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'hey @*leads*' }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, msg: "You are not allowed to mention user group 'leads'." });
    expect(realm.mock.store.tables.message.size).toBe(before);
    // An administrator is in can_mention_group; a silent mention needs no permission.
    await expect(sendAndRender('hey @*leads*', 'iago@zulip.com')).resolves.toHaveProperty('id');
    await expect(sendAndRender('hey @_*leads*', 'hamlet@zulip.com')).resolves.toHaveProperty('id');
  });

  it('checks group permissions in direct messages too', async () => {
    const error = await apiFailure(
      realm.clientFor('hamlet@zulip.com').messages.send({ type: 'direct', to: ['iago@zulip.com'], content: '@*leads*' }),
    );
    expect(error.msg).toBe("You are not allowed to mention user group 'leads'.");
  });

  it('renders system groups by display name; nobody may mention them until the setting changes', async () => {
    const members = groupId('role:members');
    const error = await apiFailure(realm.clientFor('desdemona@zulip.com').messages.send({
      type: 'channel',
      to: 'Denmark',
      topic: 't',
      content: '@*role:members*',
    }));
    expect(error.msg).toBe("You are not allowed to mention user group 'role:members'.");
    const silent = await sendAndRender('@_*role:members*');
    expect(silent.html).toBe(`<p><span class="user-group-mention silent" data-user-group-id="${members}">Members</span></p>`);
    realm.mock.store.tables.userGroup.update(members, { can_mention_group: groupId('role:everyone') });
    const loud = await sendAndRender('@*role:members*', 'hamlet@zulip.com');
    expect(loud.html).toBe(`<p><span class="user-group-mention" data-user-group-id="${members}">@Members</span></p>`);
    expect(flagsOf('cordelia@zulip.com', loud.id)).toEqual(['mentioned']);
  });

  it('matches group names exactly and renders a deactivated group silently', async () => {
    expect((await sendAndRender('@*HamletCharacters*')).html).toBe('<p>@<em>HamletCharacters</em></p>');
    realm.mock.store.tables.userGroup.update(groupId('hamletcharacters'), { deactivated: true });
    const { id, html } = await sendAndRender('@*hamletcharacters*');
    expect(html).toContain('class="user-group-mention silent"');
    expect(flagsOf('hamlet@zulip.com', id)).toEqual([]);
  });
});

describe('mentioned bots', () => {
  it('a generic bot mentioned by name receives a channel message it is not subscribed to; other bots do not', async () => {
    const { id } = await sendAndRender('@**Zulip Default Bot** @**Zulip Webhook Bot** ping');
    expect(flagsOf('default-bot@zulip.com', id)).toEqual(['mentioned']);
    expect(flagsOf('webhook-bot@zulip.com', id)).toBeUndefined();
    // Humans who are not subscribed get nothing, mentioned or not.
    const shiva = await sendAndRender('@**Shiva**');
    expect(flagsOf('shiva@zulip.com', shiva.id)).toBeUndefined();
  });
});
