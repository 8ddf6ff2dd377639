import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

// Where the server asks Python's `str.strip()` whether a string is blank, or strips a channel name
// before looking it up, U+001C..U+001F are whitespace and U+FEFF is not: the reverse of JavaScript's trim().
const realm = useTestRealm();
const IAGO = 'iago@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

async function searchAnswer(operand: string): Promise<{ status: number; body: { msg: string } }> {
  const query = new URLSearchParams({ anchor: 'newest', num_before: '1', num_after: '0', narrow: JSON.stringify([{ operator: 'search', operand }]) });
  const response = await realm.raw(IAGO, 'GET', `/messages?${query}`);
  return { status: response.status, body: (await response.json()) as { msg: string } };
}

describe("blank checks with Python's whitespace", () => {
  it('a search operand of U+001C is blank (check_required_string); one of U+FEFF is a search', async () => {
    expect(await searchAnswer('\u001c')).toEqual({ status: 400, body: expect.objectContaining({ msg: 'operand cannot be blank.' }) });
    expect((await searchAnswer('\ufeff')).status).toBe(200);
  });

  it("a profile field's label, choice and choice text of U+001C are blank; a label of U+FEFF is a label", async () => {
    const iago = realm.clientFor(IAGO);
    await expectApiError(iago.profileFields.create({ field_type: 1, name: '\u001c' }), bad('Label cannot be blank.'));
    const choices = (key: string, text: string) => ({ [key]: { text, order: '1' } });
    await expectApiError(iago.profileFields.create({ field_type: 3, name: 'Team', field_data: choices('\u001c', 'Ops') }), bad("'value' cannot be blank."));
    await expectApiError(iago.profileFields.create({ field_type: 3, name: 'Team', field_data: choices('a', '\u001c') }), bad('field_data["text"] cannot be blank.'));
    const { id } = await iago.profileFields.create({ field_type: 1, name: '\ufeff' });
    const { custom_fields } = await iago.profileFields.list();
    expect(custom_fields.find((field) => field.id === id)?.name).toBe('\ufeff');
  });
});

describe("channel names stripped with Python's whitespace before the lookup (get_stream)", () => {
  it("a bot's default channel named with a trailing U+001C is that channel", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const created = await hamlet.bots.create({ full_name: 'Strip Bot', short_name: 'strip', default_sending_stream: 'Denmark\u001c' });
    expect(created.default_sending_stream).toBe('Denmark');
  });
});
