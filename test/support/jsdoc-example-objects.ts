import type { MockServer } from '../../mock/index';
import type { ChatClient } from '../../src/index';

/** What an object's maker gets: the example's client and the realm's IDs it may refer to. */
interface MakerContext {
  readonly client: ChatClient;
  readonly mock: MockServer;
  readonly channelId: number;
  readonly messageId: number;
  readonly userId: number;
  readonly now: number;
}

/**
 * The objects an example may act on by name (`draftId`, ...), each made only for the examples that
 * name it, as the resource's own create example makes it.
 */
export const EXAMPLE_OBJECTS: Readonly<Record<string, (context: MakerContext) => Promise<number>>> = {
  async draftId({ client, channelId }) {
    const { ids } = await client.drafts.create({ drafts: [{ type: 'stream', to: [channelId], topic: 'plans', content: 'Half-written thought' }] });
    return ids[0] ?? -1;
  },
  async linkifierId({ client }) {
    return (await client.linkifiers.add({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/zulip/issues/{id}' })).id;
  },
  async snippetId({ client }) {
    return (await client.savedSnippets.create({ title: 'Welcome', content: '**Welcome** aboard!' })).saved_snippet_id;
  },
  async scheduledMessageId({ client, channelId, now }) {
    const created = await client.scheduledMessages.create({ type: 'channel', to: channelId, topic: 'standup', content: 'Good morning!', scheduled_delivery_timestamp: now + 3600 });
    return created.scheduled_message_id;
  },
  async reminderId({ client, messageId, now }) {
    return (await client.reminders.create({ message_id: messageId, note: 'Reply to this', scheduled_delivery_timestamp: now + 86_400 })).reminder_id;
  },
  async playgroundId({ client }) {
    return (await client.realm.addPlayground({ name: 'Rust playground', pygments_language: 'Rust', url_template: 'https://play.rust-lang.org/?code={code}' })).id;
  },
  async folderId({ client }) {
    return (await client.channelFolders.create({ name: 'Frontend', description: 'Channels for **frontend** work' })).channel_folder_id;
  },
  async inviteId({ client, channelId }) {
    await client.invites.send({ invitee_emails: 'ada@example.com', stream_ids: [channelId] });
    return (await client.invites.list()).invites.find((invite) => !invite.is_multiuse)?.id ?? -1;
  },
  async linkId({ client }) {
    await client.invites.createLink({ invite_expires_in_minutes: 60 * 24, invite_as: 600 });
    return (await client.invites.list()).invites.find((invite) => invite.is_multiuse)?.id ?? -1;
  },
  async groupId({ client, userId }) {
    return (await client.userGroups.create({ name: 'support', description: 'First line', members: [userId] })).group_id ?? -1;
  },
  async defaultGroupId({ client }) {
    await client.channels.createDefaultGroup({ group_name: 'Engineering', description: 'For engineers', stream_names: ['Verona', 'Denmark'] });
    // The register state is the only place the API lists default channel groups.
    const { realm_default_stream_groups } = await client.events.register({ fetch_event_types: ['default_stream_groups'] });
    return realm_default_stream_groups?.find((group) => group.name === 'Engineering')?.id ?? -1;
  },
  async moderationChannelId({ client }) {
    const me = await client.users.me();
    return (await client.channels.create({ name: 'moderation', subscribers: [me.user_id], invite_only: true, description: 'Reports' })).id;
  },
  /** More subscribers and topic participants than the server lets anyone mention at once. */
  async largeChannelId({ mock }) {
    const readers = Array.from({ length: 16 }, (_, index) => `reader${index + 1}@zulip.com`);
    for (const email of readers) mock.create.user({ email });
    const { id } = mock.create.channel({ name: 'announcements', subscribers: ['hamlet@zulip.com', ...readers] });
    mock.create.conversation({ channel: 'announcements', topic: 'busy', messages: readers.map((email) => [email, 'Here!'] as const) });
    return id;
  },
  async fieldId({ client }) {
    return (await client.profileFields.create({ field_type: 1, name: 'Office', hint: 'Room' })).id;
  },
};
