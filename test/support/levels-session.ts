import { createMockServer, DEFAULT_PASSWORD, type ObservedExchange } from '../../mock/index';
import { ChatClient, UnsupportedFeatureError } from '../../src/index';
import { png } from './image-bytes';

const SITE = 'http://localhost:9991';
const HAMLET = 'hamlet@zulip.com';
const IAGO = 'iago@zulip.com';
/** A time no test clock reaches: the scheduled message stays scheduled. */
const YEAR_2100 = 4_102_444_800;

/**
 * Runs a call the server's level may not have: the SDK refuses an operation or parameter newer
 * than the level before sending it (`UnsupportedFeatureError`), and the session goes on without it.
 */
async function ifTheLevelHasIt(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof UnsupportedFeatureError)) throw error;
  }
}

/**
 * Every success exchange of a session through the SDK at feature level `level`, as hamlet and
 * iago, with an event queue of each open throughout (their events included): it reaches the
 * answers and events for which the reference has "New in ... (feature level N)" notes, each
 * operation and newer parameter where the level has it. Clients validate nothing: below 185 the
 * SDK's strict schemas refuse some older answers (register's direct-message unreads below 119).
 */
export async function sessionAt(level: number): Promise<ObservedExchange[]> {
  const exchanges: ObservedExchange[] = [];
  const mock = createMockServer({
    featureLevel: level,
    onExchange: (exchange) => {
      if (exchange.endpoint && exchange.status === 200) exchanges.push(exchange);
    },
  });
  const clientOf = (email: string) => new ChatClient({ site: SITE, email, apiKey: mock.apiKeyOf(email), fetch: mock.fetch, validate: 'off' });
  const hamlet = clientOf(HAMLET);
  const iago = clientOf(IAGO);
  const userId = (email: string) => mock.store.userByDeliveryEmail(email)!.id;
  const iagoId = userId(IAGO);
  const hamletId = userId(HAMLET);
  await hamlet.server.getSettings();
  await iago.server.fetchApiKey({ username: IAGO, password: DEFAULT_PASSWORD });
  await ifTheLevelHasIt(() => iago.server.devFetchApiKey({ username: IAGO }));
  const queue = await hamlet.events.register({});
  const adminQueue = await iago.events.register({});
  const channelId = async (name: string) => (await hamlet.channels.list()).streams.find((channel) => channel.name === name)!.stream_id;
  const verona = await channelId('Verona');

  // Channels and subscriptions.
  await ifTheLevelHasIt(() => hamlet.channels.get({ stream_id: verona }));
  await hamlet.subscriptions.list();
  await hamlet.subscriptions.add({ subscriptions: [{ name: 'levels audit' }] });
  const audit = await channelId('levels audit');
  await iago.subscriptions.add({ subscriptions: [{ name: 'levels audit' }] });
  await hamlet.subscriptions.updateSettings({ subscription_data: [{ stream_id: verona, property: 'pin_to_top', value: true }] });
  await hamlet.channels.subscribers({ stream_id: verona });
  await ifTheLevelHasIt(() => hamlet.subscriptions.status({ user_id: iagoId, stream_id: verona }));
  await ifTheLevelHasIt(() => hamlet.topics.list({ stream_id: verona }));
  await iago.channels.update({ stream_id: verona, description: 'a channel audited' });
  await iago.channels.update({ stream_id: audit, is_private: true });

  // Messages: sent, edited, moved, reacted to, read and unread, typed.
  const sent = await hamlet.messages.send({ type: 'stream', to: verona, topic: 'levels', content: 'hello @**iago**' });
  const moved = await hamlet.messages.send({ type: 'stream', to: verona, topic: 'to move', content: 'moving on' });
  await hamlet.messages.send({ type: 'private', to: [iagoId], content: 'a direct message' });
  await hamlet.messages.update({ message_id: sent.id, content: 'hello again' });
  await hamlet.messages.update({ message_id: sent.id, topic: 'levels moved' });
  await hamlet.messages.update({ message_id: moved.id, stream_id: audit, topic: 'moved' });
  await iago.reactions.add({ message_id: sent.id, emoji_name: 'smile' });
  await iago.reactions.add({ message_id: sent.id, emoji_name: 'octopus' });
  await iago.reactions.remove({ message_id: sent.id, emoji_name: 'octopus' });
  await hamlet.messages.list({ anchor: 'newest', num_before: 10, num_after: 0 });
  await ifTheLevelHasIt(() => hamlet.messages.get({ message_id: sent.id }));
  await ifTheLevelHasIt(() => hamlet.messages.get({ message_id: moved.id }));
  await hamlet.messages.history({ message_id: sent.id });
  await hamlet.messages.history({ message_id: moved.id });
  await iago.flags.update({ messages: [sent.id], op: 'add', flag: 'read' });
  await iago.flags.update({ messages: [sent.id], op: 'remove', flag: 'read' });
  await hamlet.typing.set({ type: 'stream', stream_id: verona, topic: 'levels', op: 'start' });
  await hamlet.typing.set({ type: 'direct', to: [iagoId], op: 'start' });

  // Scheduled messages and drafts.
  await ifTheLevelHasIt(async () => {
    const { scheduled_message_id } = await hamlet.scheduledMessages.create({ type: 'stream', to: verona, topic: 'later', content: 'later', scheduled_delivery_timestamp: YEAR_2100 });
    await ifTheLevelHasIt(() => hamlet.scheduledMessages.update({ scheduled_message_id, content: 'even later' }));
  });
  await ifTheLevelHasIt(() => hamlet.scheduledMessages.list());
  await ifTheLevelHasIt(async () => {
    const { scheduled_message_id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [iagoId], content: 'never mind', scheduled_delivery_timestamp: YEAR_2100 });
    await hamlet.scheduledMessages.delete({ scheduled_message_id });
  });
  await ifTheLevelHasIt(async () => {
    const [draft] = (await hamlet.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'a draft' }] })).ids;
    await hamlet.drafts.edit({ draft_id: draft!, draft: { type: '', to: [], topic: '', content: 'a better draft' } });
    await hamlet.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'a draft to drop' }] });
    await hamlet.drafts.list();
    await hamlet.drafts.delete({ draft_id: draft! });
  });
  await ifTheLevelHasIt(async () => {
    const { saved_snippet_id } = await hamlet.savedSnippets.create({ title: 'greeting', content: 'hello' });
    await ifTheLevelHasIt(() => hamlet.savedSnippets.edit({ saved_snippet_id, content: 'hello there' }));
    await hamlet.savedSnippets.list();
    await hamlet.savedSnippets.delete({ saved_snippet_id });
  });
  await ifTheLevelHasIt(() => hamlet.typing.setForEdit({ message_id: sent.id, op: 'start' }));

  // Users: status, presence, muting, settings, a new user.
  await hamlet.users.list();
  await hamlet.users.me();
  await hamlet.users.get({ user_id: iagoId });
  await hamlet.users.updateStatus({ status_text: 'auditing', emoji_name: 'car' });
  await iago.users.updateStatus({ status_text: 'admin', emoji_name: 'octopus' });
  await ifTheLevelHasIt(() => hamlet.users.getStatus({ user_id: iagoId }));
  await hamlet.presence.update({ status: 'active' });
  await iago.presence.update({ status: 'active' });
  await hamlet.presence.list();
  await hamlet.presence.get({ user_id_or_email: IAGO });
  await ifTheLevelHasIt(() => hamlet.users.mute({ muted_user_id: iagoId }));
  await ifTheLevelHasIt(() => hamlet.users.unmute({ muted_user_id: iagoId }));
  await ifTheLevelHasIt(() => hamlet.topics.updatePreferences({ stream_id: verona, topic: 'muted', visibility_policy: 1 }));
  await hamlet.topics.muteLegacy({ stream_id: verona, topic: 'muted the old way', op: 'add' });
  await hamlet.alertWords.add({ alert_words: ['audit'] });
  await hamlet.settings.update({ enter_sends: true });
  await ifTheLevelHasIt(() => hamlet.settings.update({ allow_private_data_export: true }));
  await ifTheLevelHasIt(() => iago.realm.updateUserSettingsDefaults({ twenty_four_hour_time: true }));
  await iago.users.create({ email: 'newbie@zulip.com', password: 'secret-pass', full_name: 'New User' });
  await iago.invites.send({ invitee_emails: 'invitee@example.com', stream_ids: [verona] });
  await iago.invites.list();
  await iago.bots.create({ full_name: 'Audit Bot', short_name: 'audit' });
  await iago.bots.list();

  // User groups.
  await iago.userGroups.create({ name: 'auditors', description: 'they audit', members: [iagoId] });
  await iago.userGroups.create({ name: 'junior auditors', description: 'they learn', members: [hamletId] });
  const groups = (await hamlet.userGroups.list()).user_groups;
  const [auditors, juniors] = ['auditors', 'junior auditors'].map((name) => groups.find((group) => group.name === name)!.id) as [number, number];
  await iago.userGroups.update({ user_group_id: auditors, description: 'they still audit' });
  await iago.userGroups.updateMembers({ user_group_id: auditors, add: [hamletId] });
  await ifTheLevelHasIt(() => iago.userGroups.members({ user_group_id: auditors }));
  await ifTheLevelHasIt(() => iago.userGroups.updateSubgroups({ user_group_id: auditors, add: [juniors] }));
  await ifTheLevelHasIt(() => iago.userGroups.updateSubgroups({ user_group_id: auditors, delete: [juniors] }));

  // The organization: profile fields, emoji, linkifiers, playgrounds, settings, an export.
  await iago.profileFields.create({ name: 'Shoe size', field_type: 1, hint: '' });
  await ifTheLevelHasIt(() => iago.profileFields.create({ name: 'Badge', field_type: 1, hint: '', display_in_profile_summary: true }));
  await hamlet.profileFields.list();
  await iago.customEmoji.upload({ emoji_name: 'audited', content: png(8, 8), filename: 'audited.png', contentType: 'image/png' });
  await hamlet.customEmoji.list();
  await ifTheLevelHasIt(() => iago.linkifiers.add({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://trac.example/{id}' }));
  await ifTheLevelHasIt(() => hamlet.linkifiers.list());
  await ifTheLevelHasIt(() => iago.realm.addPlayground({ name: 'Python', pygments_language: 'python', url_template: 'https://play.example/?code={code}' }));
  const realmChanges: Parameters<ChatClient['realm']['update']>[0][] = [
    { giphy_rating: 1 },
    { org_type: 10 },
    { enable_read_receipts: true },
    { want_advertise_in_communities_directory: true },
    { enable_spectator_access: true },
    { move_messages_within_stream_limit_seconds: 600 },
    { move_messages_between_streams_limit_seconds: 600 },
  ];
  for (const change of realmChanges) {
    await ifTheLevelHasIt(() => iago.realm.update(change));
  }
  await ifTheLevelHasIt(() => iago.realmExports.create());
  await ifTheLevelHasIt(() => iago.realmExports.list());
  await hamlet.uploads.upload(new Uint8Array([1, 2, 3]), { filename: 'audit.txt' });
  await hamlet.attachments.list();

  // Last: a deletion, a fresh register with the state so far, and every event of both queues.
  await iago.messages.delete({ message_id: moved.id });
  await hamlet.events.register({ client_capabilities: { notification_settings_null: false, linkifier_url_template: true } });
  mock.restart();
  await hamlet.events.get({ queue_id: queue.queue_id!, last_event_id: -1, dont_block: true });
  await iago.events.get({ queue_id: adminQueue.queue_id!, last_event_id: -1, dont_block: true });
  return exchanges;
}
