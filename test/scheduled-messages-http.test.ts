import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../mock/index';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('scheduled messages over real HTTP', () => {
  it('schedules, lists, edits and deletes', async () => {
    const cordelia = http.clientFor('cordelia@zulip.com');
    const at = Math.floor(Date.now() / 1000) + 3600;
    const channel = http.running.mock.store.channelByName('Verona')?.id as number;
    const { scheduled_message_id: id } = await cordelia.scheduledMessages.create({
      type: 'channel',
      to: channel,
      topic: 'over the wire',
      content: 'later',
      scheduled_delivery_timestamp: at,
    });
    expect((await cordelia.scheduledMessages.list()).scheduled_messages).toEqual([
      expect.objectContaining({ scheduled_message_id: id, to: channel, topic: 'over the wire', content: 'later', scheduled_delivery_timestamp: at, failed: false }),
    ]);
    await cordelia.scheduledMessages.update({ scheduled_message_id: id, content: 'changed', scheduled_delivery_timestamp: at + 60 });
    expect((await cordelia.scheduledMessages.list()).scheduled_messages[0]).toMatchObject({ content: 'changed', scheduled_delivery_timestamp: at + 60 });
    await cordelia.scheduledMessages.delete({ scheduled_message_id: id });
    expect((await cordelia.scheduledMessages.list()).scheduled_messages).toEqual([]);
  });

  it('delivers a due message once the standalone server\'s clock moved past it, before the next request answers', async () => {
    const cordelia = http.clientFor('cordelia@zulip.com');
    const { mock } = http.running;
    const othello = mock.store.userByDeliveryEmail('othello@zulip.com')?.id as number;
    const at = Math.floor(mock.clock.now() / 1000) + 60;
    await cordelia.scheduledMessages.create({ type: 'direct', to: [othello], content: 'after the jump', scheduled_delivery_timestamp: at });
    // An OffsetClock's timers keep real time; moving it runs what fell due, as a request would.
    expect(mock.clock).toBeInstanceOf(OffsetClock);
    (mock.clock as OffsetClock).advance(120_000);
    expect((await cordelia.scheduledMessages.list()).scheduled_messages).toEqual([]);
    const { messages } = await http.clientFor('othello@zulip.com').messages.list({ anchor: 'newest', num_before: 1, num_after: 0 });
    expect(messages[0]).toMatchObject({ content: '<p>after the jump</p>', sender_email: 'cordelia@zulip.com' });
  });
});
