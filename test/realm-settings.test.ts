import { describe, expect, it } from 'vitest';
import { ExpectationMismatchError, type GroupSettingValue, RequestVariableInvalidError, SystemGroupRequiredError } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const owner = (msg = 'Must be an organization owner') => ({ code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg });

describe('realm.update (PATCH /realm)', () => {
  it('changes settings with the server events: plain updates, and update_dict for editing and permissions', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const denmark = realm.channelId('Denmark');
    let answer: unknown;
    const events = await verifyAction(iago, async () => {
      answer = await iago.realm.update({
        name: 'Elsinore',
        description: 'Something is rotten',
        allow_message_editing: false,
        message_content_edit_limit_seconds: 'unlimited',
        message_content_delete_limit_seconds: 3600,
        message_edit_history_visibility_policy: 'moves',
        enable_read_receipts: false,
        topics_policy: 'disable_empty_topic',
        new_stream_announcements_stream_id: denmark,
        can_create_public_channel_group: { new: realm.groupId('role:administrators') },
        can_mention_many_users_group: { new: { direct_members: [realm.userId('hamlet@zulip.com')], direct_subgroups: [realm.groupId('role:moderators')] } },
      });
    });
    expect(answer).toMatchObject({
      name: 'updated',
      description: 'updated',
      allow_message_editing: false,
      message_content_edit_limit_seconds: null,
      message_content_delete_limit_seconds: 3600,
      enable_read_receipts: false,
      new_stream_announcements_stream_id: denmark,
    });
    const summary = events.map((event) => {
      const realmEvent = event as { op: string; property?: string; data?: Record<string, unknown> };
      return realmEvent.op === 'update' ? realmEvent.property : Object.keys(realmEvent.data ?? {}).join();
    });
    // In the server's order (test/realm-settings-steps.test.ts has the whole of it).
    expect(summary).toEqual([
      // A time limit going to 'unlimited' is set as it is read, before the other settings.
      'message_content_edit_limit_seconds',
      'name',
      'description',
      'allow_message_editing',
      // The server's event for the topics policy also carries the deprecated `mandatory_topics`.
      'topics_policy,mandatory_topics',
      'message_edit_history_visibility_policy',
      'enable_read_receipts',
      // A time limit in seconds comes after the view's parameters.
      'message_content_delete_limit_seconds',
      // The channel settings after the permission groups.
      'can_create_public_channel_group',
      'can_mention_many_users_group',
      'new_stream_announcements_stream_id',
    ]);
    const state = (await iago.events.register({ fetch_event_types: ['realm'] })) as Record<string, unknown>;
    expect(state).toMatchObject({
      realm_name: 'Elsinore',
      realm_allow_message_editing: false,
      realm_message_content_edit_limit_seconds: null,
      realm_allow_edit_history: true,
      realm_topics_policy: 'disable_empty_topic',
      realm_can_create_public_channel_group: realm.groupId('role:administrators'),
    });
  });

  it('the new settings take effect: editing disabled, channel creation for administrators', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'edits', content: 'before' });
    const iago = realm.clientFor('iago@zulip.com');
    await iago.realm.update({ allow_message_editing: false, can_create_public_channel_group: { new: realm.groupId('role:administrators') } });
    await expectApiError(hamlet.messages.update({ message_id: id, content: 'after' }), bad('Your organization has turned off message editing'));
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'new one' }] }), bad('Insufficient permission'));
  });

  it('refuses members, owner-only settings for administrators, and bad values', async () => {
    await expectApiError(realm.clientFor('hamlet@zulip.com').realm.update({ name: 'X' }), owner('Must be an organization administrator'));
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(iago.realm.update({ message_retention_days: 30 }), owner());
    await expectApiError(iago.realm.update({ can_create_groups: { new: realm.groupId('role:members') } }), owner());
    await expectApiError(iago.realm.update({ can_manage_all_groups: { new: realm.groupId('role:members') } }), owner());
    await expectApiError(iago.realm.update({ name: 'x'.repeat(41) }), bad('name is too long (limit: 40 characters)'));
    await expectApiError(iago.realm.update({ description: 'x'.repeat(1001) }), bad('description is too long (limit: 1000 characters)'));
    // Characters, not UTF-16 units: 1000 emoji are a description that fits.
    await iago.realm.update({ description: '\u{1f600}'.repeat(1000) });
    const invalid = (var_name: string, bad_value: unknown) => ({ code: 'REQUEST_VARIABLE_INVALID', status: 400, msg: `Bad value for '${var_name}': ${String(bad_value)}`, var_name, bad_value });
    await expectApiError(iago.realm.update({ message_content_delete_limit_seconds: 0 }), invalid('message_content_delete_limit_seconds', 0));
    await expectApiError(iago.realm.update({ move_messages_within_stream_limit_seconds: 'forever' }), invalid('move_messages_within_stream_limit_seconds', 'forever'));
    // Only "unlimited" is special for retention.
    await expectApiError(realm.clientFor('desdemona@zulip.com').realm.update({ message_retention_days: 'forever' }), invalid('message_retention_days', 'forever'));
    const failure = await iago.realm.update({ message_content_edit_limit_seconds: 0 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestVariableInvalidError);
    expect((failure as RequestVariableInvalidError).var_name).toBe('message_content_edit_limit_seconds');
    // Web-public channel creation takes only some system groups.
    const webPublic = (value: GroupSettingValue) => iago.realm.update({ can_create_web_public_channel_group: { new: value } });
    await expectApiError(webPublic(realm.groupId('role:members')), bad("'can_create_web_public_channel_group' setting cannot be set to 'role:members' group."));
    const systemOnly = { code: 'SYSTEM_GROUP_REQUIRED', status: 400, msg: "'can_create_web_public_channel_group' must be a system user group.", setting_name: 'can_create_web_public_channel_group' };
    await expectApiError(webPublic({ direct_members: [realm.userId('iago@zulip.com')], direct_subgroups: [] }), systemOnly);
    const { group_id } = await iago.userGroups.create({ name: 'web publishers', description: '', members: [realm.userId('iago@zulip.com')] });
    await expectApiError(webPublic(group_id ?? 0), systemOnly);
    const refusal = await webPublic(group_id ?? 0).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SystemGroupRequiredError);
    expect((refusal as SystemGroupRequiredError).setting_name).toBe('can_create_web_public_channel_group');
    const moderators = realm.groupId('role:moderators');
    await expect(webPublic(moderators)).resolves.toEqual({ can_create_web_public_channel_group: moderators });
    await expectApiError(iago.realm.update({ message_edit_history_visibility_policy: 'some' }), bad('Invalid message_edit_history_visibility_policy'));
    await expectApiError(iago.realm.update({ topics_policy: 'never' }), bad('Invalid topics_policy'));
    await expectApiError(iago.realm.update({ new_stream_announcements_stream_id: 424242 }), bad('Invalid channel ID'));
    // Looked up without content access: an administrator may name a private channel they are not in.
    await realm.clientFor('desdemona@zulip.com').subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    const secret = realm.channelId('secret');
    expect(await iago.realm.update({ new_stream_announcements_stream_id: secret })).toMatchObject({ new_stream_announcements_stream_id: secret });
    await expectApiError(iago.realm.update({ can_delete_any_message_group: { new: realm.groupId('role:everyone') } }), bad("'can_delete_any_message_group' setting cannot be set to 'role:everyone' group."));
    await expectApiError(iago.realm.update({ can_resolve_topics_group: { new: realm.groupId('role:internet') } }), bad("'can_resolve_topics_group' setting cannot be set to 'role:internet' group."));
    await expectApiError(iago.realm.update({ can_resolve_topics_group: { new: realm.groupId('role:members'), old: realm.groupId('role:members') } }), {
      code: 'EXPECTATION_MISMATCH',
      status: 400,
      msg: "'old' value does not match the expected value.",
      field_name: 'old',
    });
    const stale = await iago.realm.update({ can_resolve_topics_group: { new: realm.groupId('role:members'), old: realm.groupId('role:members') } }).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(ExpectationMismatchError);
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await expectApiError(desdemona.realm.update({ can_manage_all_groups: { new: realm.groupId('role:nobody') } }), bad("'can_manage_all_groups' setting cannot be set to 'role:nobody' group."));
  });

  it('answers the two enum settings by number whenever they are sent, changed or not; unchanged, they send no event', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const answers: unknown[] = [];
    const both = { message_edit_history_visibility_policy: 'none', topics_policy: 'disable_empty_topic' } as const;
    const events = await verifyAction(iago, async () => {
      answers.push(await iago.realm.update(both), await iago.realm.update(both), await iago.realm.update({ message_edit_history_visibility_policy: 'all' }));
    });
    expect(answers).toEqual([
      { message_edit_history_visibility_policy: 3, topics_policy: 3 },
      { message_edit_history_visibility_policy: 3, topics_policy: 3 },
      { message_edit_history_visibility_policy: 1 },
    ]);
    expect(events).toEqual([
      expect.objectContaining({ type: 'realm', op: 'update_dict', data: { topics_policy: 'disable_empty_topic', mandatory_topics: true } }),
      expect.objectContaining({ type: 'realm', op: 'update', property: 'message_edit_history_visibility_policy', value: 'none' }),
      expect.objectContaining({ type: 'realm', op: 'update', property: 'message_edit_history_visibility_policy', value: 'all' }),
    ]);
  });

  it('answers an anonymous group setting as it was sent (order and repeats kept); its event carries it as stored', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const [hamlet, othello, moderators] = [realm.userId('hamlet@zulip.com'), realm.userId('othello@zulip.com'), realm.groupId('role:moderators')];
    let answer: unknown;
    const events = await verifyAction(iago, async () => {
      answer = await iago.realm.update({
        can_mention_many_users_group: { new: { direct_members: [othello, hamlet, othello], direct_subgroups: [moderators] } },
      });
    });
    expect(answer).toEqual({ can_mention_many_users_group: { direct_members: [othello, hamlet, othello], direct_subgroups: [moderators] } });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'realm',
        op: 'update_dict',
        data: { can_mention_many_users_group: { direct_members: [hamlet, othello].sort((a, b) => a - b), direct_subgroups: [moderators] } },
      }),
    ]);
  });

  it('a channel setting: -1 while none is set is still a change, as is any channel but the one set', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const denmark = realm.channelId('Denmark');
    const answers: unknown[] = [];
    const events = await verifyAction(iago, async () => {
      answers.push(
        await iago.realm.update({ moderation_request_channel_id: -1, new_stream_announcements_stream_id: -1 }),
        await iago.realm.update({ new_stream_announcements_stream_id: denmark }),
        await iago.realm.update({ new_stream_announcements_stream_id: denmark }),
      );
    });
    expect(answers).toEqual([{ moderation_request_channel_id: -1, new_stream_announcements_stream_id: -1 }, { new_stream_announcements_stream_id: denmark }, {}]);
    expect(events).toEqual([
      expect.objectContaining({ type: 'realm', op: 'update', property: 'moderation_request_channel_id', value: -1 }),
      expect.objectContaining({ type: 'realm', op: 'update', property: 'new_stream_announcements_stream_id', value: -1 }),
      expect.objectContaining({ type: 'realm', op: 'update', property: 'new_stream_announcements_stream_id', value: denmark }),
    ]);
  });

  it('string_id (a demo organization changing its subdomain): owners only, and this realm is no demo organization', async () => {
    await expectApiError(realm.clientFor('iago@zulip.com').realm.update({ string_id: 'coolrealm' }), owner());
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await expectApiError(desdemona.realm.update({ string_id: 'coolrealm' }), bad('Must be a demo organization.'));
    await expectApiError(desdemona.realm.update({ string_id: 'x'.repeat(41) }), bad('string_id is too long (limit: 40 characters)'));
    // Checked at its step, after the other settings: the name is changed (see test/realm-settings-steps.test.ts).
    await expectApiError(desdemona.realm.update({ name: 'Elsinore', string_id: 'elsinore' }), bad('Must be a demo organization.'));
    expect(realm.mock.realm.name).toBe('Elsinore');
  });

  it('reports the parameters it does not know in ignored_parameters_unsupported', async () => {
    const response = await realm.raw('iago@zulip.com', 'PATCH', '/realm', new URLSearchParams({ name: 'Elsinore', signup_notifications_stream_id: '-1' }));
    expect(await response.json()).toEqual({ result: 'success', msg: '', name: 'updated', ignored_parameters_unsupported: ['signup_notifications_stream_id'] });
  });

  it('the signup and Zulip update announcement channels: any channel the administrator can look up, or -1; realm update events', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const [denmark, verona] = [realm.channelId('Denmark'), realm.channelId('Verona')];
    await realm.clientFor('desdemona@zulip.com').subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    const secret = realm.channelId('secret');
    const answers: unknown[] = [];
    const events = await verifyAction(iago, async () => {
      answers.push(
        await iago.realm.update({ signup_announcements_stream_id: denmark, zulip_update_announcements_stream_id: verona }),
        await iago.realm.update({ signup_announcements_stream_id: denmark, zulip_update_announcements_stream_id: secret }),
        await iago.realm.update({ signup_announcements_stream_id: -1 }),
      );
    });
    expect(answers).toEqual([
      { signup_announcements_stream_id: denmark, zulip_update_announcements_stream_id: verona },
      { zulip_update_announcements_stream_id: secret },
      { signup_announcements_stream_id: -1 },
    ]);
    expect(events).toEqual([
      expect.objectContaining({ type: 'realm', op: 'update', property: 'signup_announcements_stream_id', value: denmark }),
      expect.objectContaining({ type: 'realm', op: 'update', property: 'zulip_update_announcements_stream_id', value: verona }),
      expect.objectContaining({ type: 'realm', op: 'update', property: 'zulip_update_announcements_stream_id', value: secret }),
      expect.objectContaining({ type: 'realm', op: 'update', property: 'signup_announcements_stream_id', value: -1 }),
    ]);
    const state = (await iago.events.register({ fetch_event_types: ['realm'] })) as Record<string, unknown>;
    expect(state).toMatchObject({ realm_signup_announcements_stream_id: -1, realm_zulip_update_announcements_stream_id: secret });
    await expectApiError(iago.realm.update({ signup_announcements_stream_id: 424242 }), bad('Invalid channel ID'));
    await expectApiError(iago.realm.update({ zulip_update_announcements_stream_id: 424242 }), bad('Invalid channel ID'));
    await expectApiError(realm.clientFor('hamlet@zulip.com').realm.update({ signup_announcements_stream_id: denmark }), owner('Must be an organization administrator'));
  });

  it('owners set the retention period and who manages groups; unchanged values answer nothing', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const events = await verifyAction(desdemona, () =>
      desdemona.realm.update({ message_retention_days: 'unlimited', can_manage_all_groups: { new: realm.groupId('role:administrators') } }),
    );
    expect(events).toEqual([
      expect.objectContaining({ type: 'realm', op: 'update_dict', data: { can_manage_all_groups: realm.groupId('role:administrators') } }),
    ]);
    await desdemona.realm.update({ message_retention_days: 30 });
    expect(realm.mock.realm.message_retention_days).toBe(30);
    // Administrators now manage every group.
    const { group_id = 0 } = await realm.clientFor('hamlet@zulip.com').userGroups.create({ name: 'g', description: '', members: [] });
    await realm.clientFor('iago@zulip.com').userGroups.update({ user_group_id: group_id, name: 'renamed by iago' });
  });
});

describe('realm.updateUserSettingsDefaults (PATCH /realm/user_settings_defaults)', () => {
  it('changes the defaults with realm_user_settings_defaults events; new users start with them, existing users keep theirs', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(iago, () => iago.realm.updateUserSettingsDefaults({ enter_sends: true, email_address_visibility: 5, twenty_four_hour_time: false }));
    expect(events).toEqual([
      expect.objectContaining({ type: 'realm_user_settings_defaults', op: 'update', property: 'enter_sends', value: true }),
      expect.objectContaining({ type: 'realm_user_settings_defaults', op: 'update', property: 'email_address_visibility', value: 5 }),
    ]);
    const { user_id } = await iago.users.create({ email: 'newcomer@zulip.com', password: 'long enough password', full_name: 'New Comer' });
    const newcomer = realm.clientFor('newcomer@zulip.com');
    const registered = await newcomer.events.register({ fetch_event_types: ['user_settings', 'realm_user'] });
    expect(registered.user_settings).toMatchObject({ enter_sends: true, email_address_visibility: 5 });
    expect((await iago.users.get({ user_id })).user.email).toBe(`user${user_id}@zulip.testserver`);
    const hamlet = await realm.clientFor('hamlet@zulip.com').events.register({ fetch_event_types: ['user_settings'] });
    expect(hamlet.user_settings).toMatchObject({ enter_sends: false });
  });

  it("checks values as PATCH /settings does, reports what it does not take, and is for administrators", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(iago.realm.updateUserSettingsDefaults({ color_scheme: 9 }), bad('Invalid color_scheme: Value error, Not in the list of possible values'));
    // Its parameters come in another order than PATCH /settings's.
    await expectApiError(
      iago.realm.updateUserSettingsDefaults({ color_scheme: 9, web_stream_unreads_count_display_policy: 9 }),
      bad('Invalid web_stream_unreads_count_display_policy: Value error, Not in the list of possible values'),
    );
    await expectApiError(iago.realm.updateUserSettingsDefaults({ notification_sound: 'gong' }), bad("Invalid notification sound 'gong'"));
    // Here these two are typed as literals (PATCH /settings checks them against a list): pydantic's literal_error.
    await expectApiError(iago.realm.updateUserSettingsDefaults({ web_home_view: 'stream' }), bad('Invalid web_home_view'));
    await expectApiError(iago.realm.updateUserSettingsDefaults({ web_animate_image_previews: 'sometimes' }), bad('Invalid web_animate_image_previews'));
    await expectApiError(realm.clientFor('hamlet@zulip.com').realm.updateUserSettingsDefaults({ enter_sends: true }), owner('Must be an organization administrator'));
    const response = await realm.raw('iago@zulip.com', 'PATCH', '/realm/user_settings_defaults', new URLSearchParams({ enter_sends: 'true', timezone: 'Asia/Tokyo' }));
    expect(await response.json()).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['timezone'] });
    // Settings the server keeps out of administrators' hands: listed in the state, not settable.
    const personal = new URLSearchParams({ default_language: 'de', enable_login_emails: 'false', enable_marketing_emails: 'false', allow_private_data_export: 'true' });
    const refused = await realm.raw('iago@zulip.com', 'PATCH', '/realm/user_settings_defaults', personal);
    expect(await refused.json()).toEqual({
      result: 'success',
      msg: '',
      ignored_parameters_unsupported: ['allow_private_data_export', 'default_language', 'enable_login_emails', 'enable_marketing_emails'],
    });
    const state = await iago.events.register({ fetch_event_types: ['realm_user_settings_defaults'] });
    expect(state.realm_user_settings_defaults).toMatchObject({ default_language: 'en', enable_login_emails: true, allow_private_data_export: false });
  });
});
