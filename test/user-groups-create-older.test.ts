import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';

const SITE = 'http://localhost:9991';
const IAGO = 'iago@zulip.com';

/** `POST /user_groups/create` as the reference Python client's `create_user_group` sends it: the status and body. */
async function createGroup(level: number) {
  const mock = createMockServer({ featureLevel: level });
  const members = JSON.stringify([mock.store.userByDeliveryEmail('hamlet@zulip.com')?.id]);
  const response = await mock.fetch(`${SITE}/api/v1/user_groups/create`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${IAGO}:${mock.apiKeyOf(IAGO)}`)}` },
    body: new URLSearchParams({ name: 'marketing', description: 'Marketing', members }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, id: mock.store.userGroupByName('marketing')?.id };
}

describe("POST /user_groups/create's answer, which names the new group from feature level 317", () => {
  it('below 317 the success is empty; from 317 it has group_id', async () => {
    const older = await createGroup(316);
    expect(older).toEqual({ status: 200, body: { result: 'success', msg: '' }, id: expect.any(Number) });
    const newer = await createGroup(317);
    expect(newer).toEqual({ status: 200, body: { result: 'success', msg: '', group_id: newer.id }, id: expect.any(Number) });
  });
});
