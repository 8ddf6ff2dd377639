import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

async function created(full_name: string, short_name: string) {
  const { user_id } = await realm.clientFor('hamlet@zulip.com').bots.create({ full_name, short_name });
  const bot = realm.mock.store.tables.user.get(user_id);
  return { full_name: bot?.full_name, email: bot?.email };
}

describe("POST /bots: names stripped as Python's str.strip, addresses built as the server's addr_spec", () => {
  it('strips the separators Python takes for whitespace, and keeps a byte order mark it does not', async () => {
    expect(await created('Abc Bot\u001f', 'x2')).toEqual({ full_name: 'Abc Bot', email: 'x2-bot@zulip.testserver' });
    expect(await created('Abc2 Bot', 'x3\u001f')).toEqual({ full_name: 'Abc2 Bot', email: 'x3-bot@zulip.testserver' });
    expect(await created('\ufeffAbc3 Bot', 'x4')).toEqual({ full_name: '\ufeffAbc3 Bot', email: 'x4-bot@zulip.testserver' });
  });

  it('quotes a local part with special characters', async () => {
    expect((await created('Sn Bot 1', 'a(b)')).email).toBe('"a(b)-bot"@zulip.testserver');
    expect((await created('Sn Bot 2', 'a@b')).email).toBe('"a@b-bot"@zulip.testserver');
    expect((await created('Sn Bot 3', 'a"b')).email).toBe('"a\\"b-bot"@zulip.testserver');
    const { bots } = await realm.clientFor('hamlet@zulip.com').bots.list();
    expect(bots.map((bot) => bot.username)).toContain('"a(b)-bot"@zulip.testserver');
  });

  it('refuses an address longer than 254 characters', async () => {
    expect((await created('Sn Bot 4', 'x'.repeat(233))).email).toHaveLength(254);
    await expectApiError(realm.clientFor('hamlet@zulip.com').bots.create({ full_name: 'Sn Bot 5', short_name: 'y'.repeat(234) }), bad('Bad name or username'));
  });
});
