import { describe, expect, it } from 'vitest';
import { createMockServer, ManualClock, type MockLogger } from '../mock/index';

function realm() {
  const warnings: string[] = [];
  const logger: MockLogger = { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) };
  const mock = createMockServer({ clock: new ManualClock(), logger });
  const othello = mock.clientFor('othello@zulip.com');
  const create = async (service_name: string, full_name = 'Embedded bot') =>
    (await othello.bots.create({ full_name, short_name: 'embedded', bot_type: 4, service_name, config_data: { foo: 'bar' } })).user_id;
  const newest = () => mock.store.tables.message.all().sort((a, b) => a.id - b.id).at(-1);
  return { mock, othello, create, newest, warnings };
}

describe('embedded bots (bot type 4)', () => {
  it('helloworld answers a direct message with "beep boop", in the same conversation', async () => {
    const { mock, othello, create, newest } = realm();
    const botId = await create('helloworld');
    const { id } = await othello.messages.send({ type: 'direct', to: [botId], content: 'help' });
    await mock.settle();
    const reply = newest();
    expect(reply).toMatchObject({ sender_id: botId, content: 'beep boop', type: 'private', client: 'Internal' });
    expect(reply?.id).toBeGreaterThan(id);
    expect(reply?.dm_user_ids).toEqual(mock.store.tables.message.get(id)?.dm_user_ids);
    expect(mock.store.userMessages.flags(botId, id)).toContain('read');
  });

  it('helloworld answers a mention in the same channel and topic; a message without the mention gets nothing', async () => {
    const { mock, othello, create, newest } = realm();
    const botId = await create('helloworld');
    const { id: plain } = await othello.messages.send({ type: 'stream', to: 'Denmark', topic: 'bar', content: 'foo' });
    await mock.settle();
    expect(newest()?.id).toBe(plain);
    await othello.messages.send({ type: 'stream', to: 'Denmark', topic: 'bar', content: '@**Embedded bot** foo' });
    await mock.settle();
    expect(newest()).toMatchObject({ sender_id: botId, content: 'beep boop', topic: 'bar', channel_id: mock.store.tables.message.get(plain)?.channel_id });
  });

  it('a mention that does not start the message makes the server worker fail: no reply', async () => {
    const { mock, othello, create, newest, warnings } = realm();
    await create('helloworld');
    const { id } = await othello.messages.send({ type: 'stream', to: 'Denmark', topic: 'bar', content: 'hey @**Embedded bot**' });
    await mock.settle();
    expect(newest()?.id).toBe(id);
    expect(warnings.join('\n')).toContain('does not start with its mention');
  });

  it('a handler the mock does not run says nothing, and says so in the log', async () => {
    const { mock, othello, create, newest, warnings } = realm();
    const botId = await create('converter', 'Converter');
    const { id } = await othello.messages.send({ type: 'direct', to: [botId], content: '12 celsius fahrenheit' });
    await mock.settle();
    expect(newest()?.id).toBe(id);
    expect(warnings.join('\n')).toContain("does not run 'converter'");
  });
});
