import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm({ botStorageLimit: 20 });

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('realm domains', () => {
  it('owners add (stripped, lower-cased), change and remove domains; everyone lists them', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const { new_domain } = await desdemona.realm.addDomain({ domain: '  Example.COM ', allow_subdomains: false });
    expect(new_domain).toEqual([expect.any(Number), 'example.com']);
    await desdemona.realm.updateDomain({ domain: 'example.com', allow_subdomains: true });
    expect(await realm.clientFor('polonius@zulip.com').realm.listDomains()).toEqual({
      domains: [{ domain: 'example.com', allow_subdomains: true }],
    });
    await desdemona.realm.removeDomain({ domain: 'example.com' });
    expect((await desdemona.realm.listDomains()).domains).toEqual([]);
  });

  it('refuses non-owners, invalid domains, duplicates and unknown domains with the server messages', async () => {
    const ownerOnly = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization owner' };
    await expectApiError(realm.clientFor('iago@zulip.com').realm.addDomain({ domain: 'a.com', allow_subdomains: false }), ownerOnly);
    await expectApiError(realm.clientFor('hamlet@zulip.com').realm.removeDomain({ domain: 'a.com' }), ownerOnly);
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const cases: readonly (readonly [string, string])[] = [
      ['', "Domain can't be empty."],
      ['example', 'Domain must have at least one dot (.)'],
      [`${'a'.repeat(252)}.com`, 'Domain is too long'],
      ['.example.com', 'Domain cannot start or end with a dot (.)'],
      ['example..com', "Consecutive '.' are not allowed."],
      ['-example.com', "Subdomains cannot start or end with a '-'."],
      ['exa_mple.com', "Domain can only have letters, numbers, '.' and '-'s."],
    ];
    for (const [domain, reason] of cases) {
      await expectApiError(desdemona.realm.addDomain({ domain, allow_subdomains: false }), bad(`Invalid domain: ${reason}`));
    }
    await desdemona.realm.addDomain({ domain: 'zulip.org', allow_subdomains: false });
    await expectApiError(
      desdemona.realm.addDomain({ domain: 'ZULIP.org', allow_subdomains: true }),
      bad('The domain zulip.org is already a part of your organization.'),
    );
    await expectApiError(desdemona.realm.updateDomain({ domain: 'nope.org', allow_subdomains: true }), bad('No entry found for domain nope.org.'));
    await expectApiError(desdemona.realm.removeDomain({ domain: 'nope.org' }), bad('No entry found for domain nope.org.'));
  });

  it("reads the domain as the server's Python does: its strip, lengths in characters, a label's final line feed", async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    // U+001F is whitespace to Python's str.strip (not to JavaScript's trim); U+FEFF the reverse.
    expect((await desdemona.realm.addDomain({ domain: '\u001fExample.org\u0085', allow_subdomains: false })).new_domain[1]).toBe('example.org');
    const invalid = bad("Invalid domain: Domain can only have letters, numbers, '.' and '-'s.");
    await expectApiError(desdemona.realm.addDomain({ domain: '\ufeffexample.net', allow_subdomains: false }), invalid);
    // 202 characters (402 UTF-16 code units): not too long, but not letters either.
    await expectApiError(desdemona.realm.addDomain({ domain: `a.${'\u{1F600}'.repeat(200)}`, allow_subdomains: false }), invalid);
    // The label check is `re.match(r"^[a-z0-9-]*$")`, whose `$` matches before a final line feed.
    expect((await desdemona.realm.addDomain({ domain: 'a\n.example.com', allow_subdomains: false })).new_domain[1]).toBe('a\n.example.com');
  });

  it('events: realm_domains add, change and remove, and the register state follows', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const added = await verifyAction(desdemona, () => desdemona.realm.addDomain({ domain: 'example.com', allow_subdomains: false }), {
      event_types: ['realm_domains'],
    });
    expect(added).toEqual([{ id: expect.any(Number), type: 'realm_domains', op: 'add', realm_domain: { domain: 'example.com', allow_subdomains: false } }]);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const changed = await verifyAction(hamlet, () => desdemona.realm.updateDomain({ domain: 'example.com', allow_subdomains: true }), {
      event_types: ['realm_domains'],
    });
    expect(changed).toMatchObject([{ op: 'change', realm_domain: { domain: 'example.com', allow_subdomains: true } }]);
    const removed = await verifyAction(hamlet, () => desdemona.realm.removeDomain({ domain: 'example.com' }), { event_types: ['realm_domains'] });
    expect(removed).toEqual([{ id: expect.any(Number), type: 'realm_domains', op: 'remove', domain: 'example.com' }]);
  });

  it('removing the last domain of a realm restricted to its domains lifts the restriction first', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await desdemona.realm.addDomain({ domain: 'example.com', allow_subdomains: false });
    await desdemona.realm.addDomain({ domain: 'example.org', allow_subdomains: false });
    await desdemona.realm.update({ emails_restricted_to_domains: true });
    const kept = await verifyAction(desdemona, () => desdemona.realm.removeDomain({ domain: 'example.org' }), { event_types: ['realm', 'realm_domains'] });
    expect(kept).toMatchObject([{ type: 'realm_domains', op: 'remove', domain: 'example.org' }]);
    const last = 'example.com';
    const removed = await verifyAction(desdemona, () => desdemona.realm.removeDomain({ domain: last }), { event_types: ['realm', 'realm_domains'] });
    expect(removed).toMatchObject([
      { type: 'realm', op: 'update', property: 'emails_restricted_to_domains', value: false },
      { type: 'realm_domains', op: 'remove', domain: last },
    ]);
  });
});

const RUST = { name: 'Rust playground', pygments_language: 'Rust', url_template: 'https://play.rust-lang.org/?code={code}' };

describe('code playgrounds', () => {
  it('administrators add and remove playgrounds; events carry the whole list and the register state follows', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    let id = 0;
    const added = await verifyAction(hamlet, async () => {
      id = (await iago.realm.addPlayground({ ...RUST, name: ' Rust playground ' })).id;
    }, { event_types: ['realm_playgrounds'] });
    expect(added).toEqual([{ id: expect.any(Number), type: 'realm_playgrounds', realm_playgrounds: [{ id, ...RUST }] }]);
    const removed = await verifyAction(hamlet, () => iago.realm.removePlayground({ playground_id: id }), { event_types: ['realm_playgrounds'] });
    expect(removed).toMatchObject([{ type: 'realm_playgrounds', realm_playgrounds: [] }]);
  });

  it("removing the playground of the realm's default code block language clears that default first", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { id } = await iago.realm.addPlayground(RUST);
    await iago.realm.update({ default_code_block_language: 'Rust' });
    const removed = await verifyAction(hamlet, () => iago.realm.removePlayground({ playground_id: id }), { event_types: ['realm', 'realm_playgrounds'] });
    expect(removed).toMatchObject([
      { type: 'realm', op: 'update', property: 'default_code_block_language', value: '' },
      { type: 'realm_playgrounds', realm_playgrounds: [] },
    ]);
  });

  it('refuses non-administrators and invalid playgrounds with the server messages', async () => {
    const adminOnly = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' };
    await expectApiError(realm.clientFor('hamlet@zulip.com').realm.addPlayground(RUST), adminOnly);
    await expectApiError(realm.clientFor('shiva@zulip.com').realm.removePlayground({ playground_id: 1 }), adminOnly);
    const iago = realm.clientFor('iago@zulip.com');
    const cases: readonly (readonly [Partial<typeof RUST>, string])[] = [
      [{ name: ' ' }, 'This field cannot be blank.'],
      [{ pygments_language: 'py!' }, 'Invalid characters in pygments language'],
      [{ url_template: 'https://x.com/{code' }, 'Invalid URL template.'],
      [{ url_template: 'https://x.com/?q={query}' }, 'Missing the required variable "code" in the URL template'],
      [{ url_template: 'https://x.com/{lang}?q={code}' }, '"code" should be the only variable present in the URL template'],
      // The server's order: the language parameter first, then the model's fields in their order.
      [{ name: '', pygments_language: 'py!' }, 'Invalid characters in pygments language'],
      [{ name: '', url_template: 'https://x.com/{code' }, 'Invalid URL template.'],
      [{ pygments_language: `${'p'.repeat(40)} ` }, 'pygments_language is too long (limit: 40 characters)'],
      [{ pygments_language: ' ', url_template: 'https://x.com/?q={query}' }, 'This field cannot be blank.'],
    ];
    for (const [change, msg] of cases) await expectApiError(iago.realm.addPlayground({ ...RUST, ...change }), bad(msg));
    // Stripped as Python's str.strip does: U+001C..U+001F and U+0085 go.
    const { id: stripped } = await iago.realm.addPlayground({ ...RUST, name: `\u001f${RUST.name}\u0085`, url_template: `${RUST.url_template}\u001c` });
    expect((await iago.events.register({ event_types: ['realm_playgrounds'] })).realm_playgrounds).toEqual([{ id: stripped, ...RUST }]);
    await iago.realm.removePlayground({ playground_id: stripped });
    const { id } = await iago.realm.addPlayground(RUST);
    await expectApiError(iago.realm.addPlayground(RUST), bad('Realm playground with this Realm, Pygments language and Name already exists.'));
    await expectApiError(iago.realm.removePlayground({ playground_id: id + 1 }), bad('Invalid playground'));
  });
});

describe('bot storage', () => {
  it('stores, overwrites, reads and deletes string pairs per bot', async () => {
    const bot = realm.clientFor('default-bot@zulip.com');
    await bot.botStorage.update({ storage: { a: '1', b: '2' } });
    await bot.botStorage.update({ storage: { b: '3', c: '4' } });
    expect(await bot.botStorage.get()).toEqual({ storage: { a: '1', b: '3', c: '4' } });
    expect(await bot.botStorage.get({ keys: ['c', 'a'] })).toEqual({ storage: { c: '4', a: '1' } });
    await expectApiError(bot.botStorage.get({ keys: ['a', 'zz'] }), bad('Key does not exist.'));
    await expectApiError(bot.botStorage.remove({ keys: ['a', 'zz'] }), bad('Key does not exist.'));
    await expectApiError(bot.botStorage.remove({ keys: ['a', 'a'] }), bad('Key does not exist.'));
    expect(Object.keys((await bot.botStorage.get()).storage)).toHaveLength(3);
    await bot.botStorage.remove({ keys: ['a'] });
    expect(await bot.botStorage.get()).toEqual({ storage: { b: '3', c: '4' } });
    await bot.botStorage.remove();
    expect(await bot.botStorage.get()).toEqual({ storage: {} });
  });

  it('storing and deleting send no event: the registered state stays a fresh one (the server keeps no register state of it)', async () => {
    const bot = realm.clientFor('default-bot@zulip.com');
    const events = await verifyAction(bot, async () => {
      await bot.botStorage.update({ storage: { a: '1', b: '2' } });
      await bot.botStorage.remove({ keys: ['a'] });
      await bot.botStorage.remove();
    });
    expect(events).toEqual([]);
  });

  it('regression: keys null reads and deletes every key, as omitting them does (Json[list[str] | None])', async () => {
    const bot = realm.clientFor('default-bot@zulip.com');
    await bot.botStorage.update({ storage: { a: '1', b: '2' } });
    expect(await bot.botStorage.get({ keys: null })).toEqual({ storage: { a: '1', b: '2' } });
    await bot.botStorage.remove({ keys: null });
    expect(await bot.botStorage.get()).toEqual({ storage: {} });
  });

  it('refuses an update over the configured limit, naming the excess and the limit, and stores nothing of it', async () => {
    const bot = realm.clientFor('default-bot@zulip.com');
    await bot.botStorage.update({ storage: { key: 'value' } });
    await expectApiError(
      bot.botStorage.update({ storage: { other: 'x'.repeat(10), new: 'y' } }),
      bad('Request exceeds storage limit by 7 characters. The limit is 20 characters.'),
    );
    expect(await bot.botStorage.get()).toEqual({ storage: { key: 'value' } });
    // Characters, not UTF-16 units: 'key' + 'value' + 'e' + six emoji is 15 of the 20.
    await bot.botStorage.update({ storage: { e: '😀'.repeat(6) } });
    expect(await bot.botStorage.get({ keys: ['e'] })).toEqual({ storage: { e: '😀'.repeat(6) } });
  });

  it('refuses callers that are not bots with PERMISSION_DENIED, and non-string values', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.botStorage.update({ storage: { a: '1' } }), { code: 'PERMISSION_DENIED', status: 400 });
    await expectApiError(hamlet.botStorage.get(), { code: 'PERMISSION_DENIED', status: 400 });
    await expectApiError(hamlet.botStorage.remove(), { code: 'PERMISSION_DENIED', status: 400 });
    const response = await realm.raw('default-bot@zulip.com', 'PUT', '/bot_storage', new URLSearchParams({ storage: '{"foo": 1}' }));
    expect(await response.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'storage["foo"] is not a string' });
  });
});
