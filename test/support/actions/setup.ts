import { unixSeconds } from '../../../mock/domain/clock';
import type { MockServer } from '../../../mock/index';
import { channelIdOf, messageIdAt } from './common';

/**
 * What the default realm lacks for the newer actions to matter from the first step, set up by its
 * administrator through the SDK: a channel folder holding Denmark, and the private `core team` as
 * the channel that message reports go to; and two reminders of the first message, hamlet's due in
 * an hour, polonius's in 5 seconds (delivered within the longer sequences). Actions may change all.
 */
export async function prepareRealm(mock: MockServer): Promise<void> {
  const iago = mock.clientFor('iago@zulip.com');
  const { channel_folder_id } = await iago.channelFolders.create({ name: 'Backend', description: 'Channels for **backend** work' });
  await iago.channels.update({ stream_id: await channelIdOf(iago, 'Denmark'), folder_id: channel_folder_id });
  await iago.realm.update({ moderation_request_channel_id: await channelIdOf(iago, 'core team') });
  for (const [email, inSeconds] of [['hamlet@zulip.com', 3600], ['polonius@zulip.com', 5]] as const) {
    await mock.clientFor(email).reminders.create({ message_id: messageIdAt(mock, 0), scheduled_delivery_timestamp: unixSeconds(mock.clock) + inSeconds });
  }
}
