/**
 * The mock in Jest (CommonJS, as most Jest setups run): each test gets a fresh realm, and
 * `mock.clientFor()` acts as a persona over the direct path, without intercepting fetch.
 * The SDK's dependencies (ky, msw) are ES modules; Jest loads them from CommonJS with Node's
 * `require(esm)` when started with `--experimental-vm-modules`:
 * NODE_OPTIONS=--experimental-vm-modules npx jest --config examples/jest/jest.config.cjs (after `npm run build`)
 */
const { createMockServer } = require('teamchat-sdk/mock');

let mock;
beforeEach(() => {
  mock = createMockServer();
});

test('a direct message reaches its recipient, rendered', async () => {
  const hamlet = mock.clientFor('hamlet@zulip.com');
  const { id } = await hamlet.messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'Meet at **noon**' });
  const { message } = await mock.clientFor('othello@zulip.com').messages.get({ message_id: id });
  expect(message.content).toBe('<p>Meet at <strong>noon</strong></p>');
});

test('errors are the server errors: a guest may not list user groups', async () => {
  await expect(mock.clientFor('polonius@zulip.com').userGroups.list()).rejects.toMatchObject({
    code: 'BAD_REQUEST',
    msg: 'Not allowed for guest users',
  });
});

test('each test starts from the seed: the previous test left nothing behind', async () => {
  const { messages } = await mock.clientFor('othello@zulip.com').messages.list({
    anchor: 'newest',
    num_before: 50,
    num_after: 0,
    narrow: [{ operator: 'dm', operand: 'hamlet@zulip.com' }],
  });
  expect(messages).toEqual([]);
});
