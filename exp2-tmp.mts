import { createMockServer } from './mock/index';
const mock = createMockServer({ baseUrl: 'http://bench.test', rateLimits: false });
const client = mock.clientFor('hamlet@zulip.com');
const { id } = await client.messages.send({ type: 'channel', to: 'Verona', topic: 'b', content: 'x' });
for (let i = 0; i < 10000; i++) await client.messages.get({ message_id: id });
