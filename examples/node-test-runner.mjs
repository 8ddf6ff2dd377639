/**
 * The mock in Node's own test runner, without MSW: `mock.clientFor()` talks to the realm
 * directly, and each test gets a fresh realm.
 * Run: node --test examples/node-test-runner.mjs (after `npm run build`, or with the package installed)
 */
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { createMockServer } from 'teamchat-sdk/mock';

let mock;
beforeEach(() => {
  mock = createMockServer();
});

test('a direct message reaches its recipient, rendered', async () => {
  const hamlet = mock.clientFor('hamlet@zulip.com');
  const { id } = await hamlet.messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'Meet at **noon**' });
  const { message } = await mock.clientFor('othello@zulip.com').messages.get({ message_id: id });
  assert.equal(message.content, '<p>Meet at <strong>noon</strong></p>');
});

test('each test starts from the seed: the previous test left nothing behind', async () => {
  const { messages } = await mock.clientFor('othello@zulip.com').messages.list({
    anchor: 'newest',
    num_before: 50,
    num_after: 0,
    narrow: [{ operator: 'dm', operand: 'hamlet@zulip.com' }],
  });
  assert.deepEqual(messages, []);
});

test('mock.journal records what the app asked for', async () => {
  await mock.clientFor('iago@zulip.com').users.list();
  assert.equal(mock.journal.entries.at(-1)?.operation, 'get-users');
});
