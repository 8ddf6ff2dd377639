import { describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../mock/index';
import { ChatClient } from '../src/index';

const SITE = 'http://localhost:9991';
const IAGO = 'iago@zulip.com';
const HAMLET = 'hamlet@zulip.com';

/** `PATCH /users/{hamlet}` with a form body written as given (the reference Python client's wire form). */
async function renameHamlet(mock: MockServer, fullNameField: string) {
  const hamletId = mock.store.userByDeliveryEmail(HAMLET)?.id;
  const response = await mock.fetch(`${SITE}/api/v1/users/${String(hamletId)}`, {
    method: 'PATCH',
    headers: {
      authorization: `Basic ${btoa(`${IAGO}:${mock.apiKeyOf(IAGO)}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `full_name=${fullNameField}`,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const hamletsName = (mock: MockServer) => mock.store.userByDeliveryEmail(HAMLET)?.full_name;
const badRequest = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });

describe("PATCH /users/{user_id}'s full_name before level 106, which read it as JSON (the server's issue #18409)", () => {
  it('below 106 a JSON string renames (what the reference Python client sends there); plain text is not valid JSON; a number is not a string', async () => {
    const mock = createMockServer({ featureLevel: 105 });
    expect(await renameHamlet(mock, '%22New+Hamlet%22')).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(hamletsName(mock)).toBe('New Hamlet');
    expect(await renameHamlet(mock, 'Plain+Hamlet')).toEqual(badRequest('Argument "full_name" is not valid JSON.'));
    expect(await renameHamlet(mock, '42')).toEqual(badRequest('full_name is not a string'));
    // Read by orjson (REQ's json_validator), not pydantic: a lone surrogate and 1e400 are not JSON.
    expect(await renameHamlet(mock, '%22%5Cud800%22')).toEqual(badRequest('Argument "full_name" is not valid JSON.'));
    expect(await renameHamlet(mock, '1e400')).toEqual(badRequest('Argument "full_name" is not valid JSON.'));
    expect(hamletsName(mock)).toBe('New Hamlet');
  });

  it('from 106 it is text: the same JSON string is a name with quotes, which names may not have', async () => {
    const mock = createMockServer({ featureLevel: 106 });
    expect(await renameHamlet(mock, '%22New+Hamlet%22')).toEqual(badRequest('Invalid characters in name!'));
    expect(await renameHamlet(mock, 'New+Hamlet')).toMatchObject({ status: 200, body: { result: 'success' } });
    expect(hamletsName(mock)).toBe('New Hamlet');
  });

  it('the SDK JSON-encodes the name for a server below 106 and sends it as text from 106', async () => {
    for (const level of [105, 106]) {
      const mock = createMockServer({ featureLevel: level });
      const client = new ChatClient({ site: SITE, email: IAGO, apiKey: mock.apiKeyOf(IAGO), fetch: mock.fetch, maxRetries: 0 });
      await client.users.update({ user_id: mock.store.userByDeliveryEmail(HAMLET)?.id ?? 0, full_name: 'Renamed Hamlet' });
      expect(hamletsName(mock)).toBe('Renamed Hamlet');
    }
  });
});
