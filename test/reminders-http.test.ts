import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../mock/index';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('reminders over real HTTP', () => {
  it('schedules, lists and deletes; a reminder ID is no scheduled message', async () => {
    const cordelia = http.clientFor('cordelia@zulip.com');
    const { id } = await cordelia.messages.send({ type: 'channel', to: 'Verona', topic: 'over the wire', content: 'remember' });
    const at = Math.floor(http.running.mock.clock.now() / 1000) + 3600;
    const { reminder_id } = await cordelia.reminders.create({ message_id: id, scheduled_delivery_timestamp: at, note: 'why' });
    expect((await cordelia.reminders.list()).reminders).toEqual([
      expect.objectContaining({ reminder_id, reminder_target_message_id: id, type: 'private', scheduled_delivery_timestamp: at, failed: false }),
    ]);
    await expect(cordelia.scheduledMessages.delete({ scheduled_message_id: reminder_id })).rejects.toMatchObject({
      code: 'BAD_REQUEST', status: 404, msg: 'Scheduled message does not exist',
    });
    await cordelia.reminders.delete({ reminder_id });
    expect((await cordelia.reminders.list()).reminders).toEqual([]);
    await expect(cordelia.reminders.delete({ reminder_id })).rejects.toMatchObject({ code: 'BAD_REQUEST', status: 404, msg: 'Reminder does not exist' });
  });

  it("delivers a due reminder before the next request once the standalone server's clock moved past it", async () => {
    const cordelia = http.clientFor('cordelia@zulip.com');
    const { mock } = http.running;
    const { id } = await cordelia.messages.send({ type: 'channel', to: 'Verona', topic: 'over the wire', content: 'remember' });
    await cordelia.reminders.create({ message_id: id, scheduled_delivery_timestamp: Math.floor(mock.clock.now() / 1000) + 60 });
    expect(mock.clock).toBeInstanceOf(OffsetClock);
    (mock.clock as OffsetClock).advance(120_000);
    expect((await cordelia.reminders.list()).reminders).toEqual([]);
    const { messages } = await cordelia.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, apply_markdown: false });
    expect(messages[0]).toMatchObject({ sender_email: 'notification-bot@zulip.com', type: 'private' });
    expect(messages[0]?.content).toMatch(/^You requested a reminder for #\*\*Verona>over the wire@\d+\*\*\.\n\n/);
  });
});
