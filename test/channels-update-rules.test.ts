import { describe, expect, it } from 'vitest';
import type { GroupSettingValue } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const withSubscribers = { event_types: ['subscription', 'stream', 'message', 'update_message_flags'], include_subscribers: true };

const lastMessageIn = (channelId: number) => realm.mock.store.tables.message.get([...realm.mock.store.channelMessageIds(channelId)].at(-1) ?? 0);

describe('PATCH /streams/{stream_id}: privacy rules', () => {
  it('is_private alone sets the history to its opposite', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    await iago.channels.update({ stream_id: scotland, is_private: true });
    expect(realm.mock.store.tables.channel.get(scotland)).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    await iago.channels.update({ stream_id: scotland, is_private: false });
    expect(realm.mock.store.tables.channel.get(scotland)).toMatchObject({ invite_only: false, history_public_to_subscribers: true });
  });

  it('"Invalid parameters" for public or web-public channels without shared history, and private web-public ones', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const scotland = realm.channelId('Scotland');
    const coreTeam = realm.channelId('core team');
    await expectApiError(desdemona.channels.update({ stream_id: scotland, is_private: false, history_public_to_subscribers: false }), bad('Invalid parameters'));
    await expectApiError(desdemona.channels.update({ stream_id: scotland, history_public_to_subscribers: false }), bad('Invalid parameters'));
    await expectApiError(desdemona.channels.update({ stream_id: scotland, is_web_public: true, is_private: true }), bad('Invalid parameters'));
    await expectApiError(desdemona.channels.update({ stream_id: coreTeam, is_web_public: true }), bad('Invalid parameters'));
  });

  it('an administrator without content access may not change privacy, nor who may subscribe or add subscribers', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const coreTeam = realm.channelId('core team');
    await iago.subscriptions.remove({ subscriptions: ['core team'] });
    const required = bad('Channel content access is required.');
    await expectApiError(iago.channels.update({ stream_id: coreTeam, is_private: false }), required);
    await expectApiError(iago.channels.update({ stream_id: coreTeam, can_subscribe_group: { new: realm.groupId('role:members') } }), required);
    await expectApiError(iago.channels.update({ stream_id: coreTeam, can_add_subscribers_group: { new: realm.groupId('role:members') } }), required);
    // Settings needing only metadata access still change; an unchanged value asks nothing.
    await iago.channels.update({ stream_id: coreTeam, description: 'still mine', can_subscribe_group: { new: realm.groupId('role:nobody') } });
    expect(realm.mock.store.tables.channel.get(coreTeam)?.description).toBe('still mine');
  });
});

describe('PATCH /streams/{stream_id}: group settings as the server compares them', () => {
  it('an unchanged value is not checked again (a deactivated group, another spelling of it), and sends nothing', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { group_id: group = 0 } = await hamlet.userGroups.create({ name: 'posters', description: '', members: [realm.userId('hamlet@zulip.com')] });
    const verona = realm.channelId('Verona');
    await iago.channels.update({ stream_id: verona, can_send_message_group: { new: { direct_members: [], direct_subgroups: [group] } } });
    // Stored as the server stores it: an anonymous value of one subgroup is that group.
    expect(realm.mock.store.tables.channel.get(verona)?.can_send_message_group).toBe(group);
    await iago.channels.archive({ stream_id: verona });
    await hamlet.userGroups.deactivate({ user_group_id: group });
    const events = await verifyAction(
      iago,
      async () => {
        await iago.channels.update({ stream_id: verona, can_send_message_group: { new: group } });
        await iago.channels.update({ stream_id: verona, can_send_message_group: { new: { direct_members: [], direct_subgroups: [group] }, old: group } });
      },
      { ...withSubscribers, client_capabilities: { notification_settings_null: true, archived_channels: true } },
    );
    expect(events).toEqual([]);
    await expectApiError(iago.channels.update({ stream_id: verona, can_remove_subscribers_group: { new: group } }), bad('User group is deactivated.'));
  });

  it("values are read as for any group setting: the server's messages, and no system-group rule inside an anonymous value", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { group_id: retired = 0 } = await iago.userGroups.create({ name: 'retired', description: '', members: [] });
    await iago.userGroups.deactivate({ user_group_id: retired });
    const verona = realm.channelId('Verona');
    const send = (value: GroupSettingValue) => iago.channels.update({ stream_id: verona, can_send_message_group: { new: value } });
    await expectApiError(send(retired), bad('User group is deactivated.'));
    await expectApiError(send(424242), bad('Invalid user group'));
    await expectApiError(send({ direct_members: [424243], direct_subgroups: [424242] }), bad('Invalid user ID: 424243'));
    await expectApiError(send({ direct_members: [], direct_subgroups: [retired, 424242] }), bad('Invalid user group ID: 424242'));
    await expectApiError(send({ direct_members: [], direct_subgroups: [retired, realm.groupId('role:members')] }), bad('User group is deactivated.'));
    // Settings are read in the server's order: who administers before who removes subscribers.
    await expectApiError(
      iago.channels.update({ stream_id: verona, can_remove_subscribers_group: { new: 424242 }, can_administer_channel_group: { new: realm.groupId('role:everyone') } }),
      bad("'can_administer_channel_group' setting cannot be set to 'role:everyone' group."),
    );
    const everyone = { direct_members: [realm.userId('hamlet@zulip.com')], direct_subgroups: [realm.groupId('role:everyone')] };
    await iago.channels.update({ stream_id: verona, can_add_subscribers_group: { new: everyone } });
    expect(realm.mock.store.tables.channel.get(verona)?.can_add_subscribers_group).toEqual(everyone);
  });

  it('a changed add-subscribers or subscribe group asks for content access before it reads the value', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const coreTeam = realm.channelId('core team');
    await iago.subscriptions.remove({ subscriptions: ['core team'] });
    await expectApiError(iago.channels.update({ stream_id: coreTeam, can_add_subscribers_group: { new: 424242 } }), bad('Channel content access is required.'));
    await expectApiError(iago.channels.update({ stream_id: coreTeam, can_subscribe_group: { new: { direct_members: [424242], direct_subgroups: [] } } }), bad('Channel content access is required.'));
  });
});

describe('PATCH /streams/{stream_id}: Notification Bot notices', () => {
  it('description (even unchanged), posting permissions, retention and topics policy', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const me = `@_**Desdemona|${realm.userId('desdemona@zulip.com')}**`;
    const denmark = realm.channelId('Denmark');
    await verifyAction(realm.clientFor('hamlet@zulip.com'), () => desdemona.channels.update({ stream_id: denmark, description: 'A Scandinavian country' }), withSubscribers);
    expect(lastMessageIn(denmark)).toMatchObject({
      topic: 'channel events',
      content:
        `${me} changed the description for this channel.\n\n* **Old description:**\n\`\`\`\` quote\nA Scandinavian country\n\`\`\`\`\n` +
        '* **New description:**\n```` quote\nA Scandinavian country\n````',
    });
    await desdemona.channels.update({ stream_id: denmark, description: '' });
    expect(lastMessageIn(denmark)?.content).toContain('* **New description:**\n```` quote\n*No description.*\n````');
    await desdemona.channels.update({
      stream_id: denmark,
      can_send_message_group: { new: { direct_members: [realm.userId('hamlet@zulip.com')], direct_subgroups: [realm.groupId('role:moderators')] } },
    });
    expect(lastMessageIn(denmark)?.content).toBe(
      `${me} changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n` +
        `* **Old**: @_*role:everyone*\n* **New**: @_*role:moderators*, @_**King Hamlet|${realm.userId('hamlet@zulip.com')}**`,
    );
    await desdemona.channels.update({ stream_id: denmark, message_retention_days: 30 });
    expect(lastMessageIn(denmark)?.content).toBe(
      `${me} has changed the [message retention period](/help/message-retention-policy) for this channel:\n` +
        '* **Old retention period**: Forever\n* **New retention period**: 30 days\n\n' +
        'Messages in this channel will now be automatically deleted 30 days after they are sent.',
    );
    await desdemona.channels.update({ stream_id: denmark, message_retention_days: 'unlimited' });
    expect(lastMessageIn(denmark)?.content).toContain('* **Old retention period**: 30 days\n* **New retention period**: Forever\n\nMessages in this channel will now be retained forever.');
    await desdemona.channels.update({ stream_id: denmark, topics_policy: 'disable_empty_topic' });
    expect(lastMessageIn(denmark)?.content).toBe(
      `${me} changed the "Allow posting to the *general chat* topic?" setting from **Automatic** to **No *general chat* topic**.`,
    );
  });

  it('in a channel that allows only the empty topic, notices go to the empty topic', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'chat' }] });
    const chat = realm.channelId('chat');
    realm.mock.store.tables.channel.update(chat, { topics_policy: 'empty_topic_only' });
    await iago.channels.update({ stream_id: chat, new_name: 'general' });
    expect(lastMessageIn(chat)).toMatchObject({ topic: '', content: `@_**Iago|${realm.userId('iago@zulip.com')}** renamed channel **chat** to **general**.` });
  });
});
