import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const owner = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization owner' };

async function registerRealm(email = 'iago@zulip.com'): Promise<Record<string, unknown>> {
  return (await realm.clientFor(email).events.register({})) as Record<string, unknown>;
}

describe('POST /register: the realm settings and server configuration the server sends', () => {
  it('has each key at the value of a development realm on a self-hosted server', async () => {
    const state = await registerRealm();
    const group = (name: string) => realm.groupId(name);
    expect(state).toMatchObject({
      realm_emails_restricted_to_domains: false,
      realm_disallow_disposable_email_addresses: true,
      realm_invite_required: false,
      realm_require_unique_names: false,
      realm_name_changes_disabled: false,
      realm_email_changes_disabled: false,
      realm_avatar_changes_disabled: false,
      realm_inline_image_preview: true,
      realm_inline_url_embed_preview: false,
      realm_default_language: 'en',
      realm_send_welcome_emails: true,
      realm_digest_emails_enabled: false,
      realm_digest_weekday: 1,
      realm_message_content_allowed_in_email_notifications: true,
      realm_video_chat_provider: 1,
      realm_jitsi_server_url: null,
      jitsi_server_url: 'https://meet.jit.si',
      server_jitsi_server_url: 'https://meet.jit.si',
      realm_giphy_rating: 2,
      realm_default_code_block_language: '',
      realm_enable_spectator_access: true,
      realm_want_advertise_in_communities_directory: false,
      realm_enable_guest_user_dm_warning: true,
      realm_enable_guest_user_indicator: true,
      realm_create_multiuse_invite_group: group('role:administrators'),
      realm_can_access_all_users_group: group('role:everyone'),
      realm_can_manage_billing_group: group('role:administrators'),
      realm_can_summarize_topics_group: group('role:everyone'),
      realm_create_public_stream_policy: 1,
      realm_create_private_stream_policy: 1,
      realm_create_web_public_stream_policy: 7,
      realm_wildcard_mention_policy: 5,
      realm_moderation_request_channel_id: -1,
      realm_authentication_methods: { Dev: { enabled: true, available: true }, Email: { enabled: true, available: true } },
      realm_email_auth_enabled: true,
      realm_password_auth_enabled: true,
      realm_logo_source: 'D',
      realm_night_logo_source: 'D',
      realm_logo_url: expect.stringMatching(/\/static\/images\/logo\/zulip-org-logo\.svg\?version=0$/),
      max_icon_file_size_mib: 5,
      max_logo_file_size_mib: 5,
      realm_upload_quota_mib: null,
      realm_push_notifications_enabled_end_timestamp: null,
      zulip_plan_is_not_limited: true,
      upgrade_text_for_wide_organization_logo: 'Available on Zulip Cloud Standard. Upgrade to access.',
      settings_send_digest_emails: true,
      development_environment: false,
      password_max_length: 100,
      password_min_guesses: 0,
      server_inline_image_preview: true,
      server_inline_url_embed_preview: true,
      server_avatar_changes_disabled: false,
      server_name_changes_disabled: false,
      server_web_public_streams_enabled: true,
      server_can_summarize_topics: false,
      server_min_deactivated_realm_deletion_days: 14,
      server_max_deactivated_realm_deletion_days: null,
      giphy_api_key: '',
      realm_default_external_accounts: { github: { text: 'GitHub', url_pattern: 'https://github.com/%(username)s', name: 'GitHub username', hint: '' } },
    });
    expect(state['server_generation']).toBe(state['realm_date_created']);
    expect(state['giphy_rating_options']).toMatchObject({ disabled: { id: 0 }, r: { id: 5, name: 'Allow GIFs rated R (Restricted)' } });
    expect(state['stop_words']).toHaveLength(149);
    expect(state['realm_embedded_bots']).toContainEqual({ name: 'giphy', config: { key: '12345678' } });
    expect(state['realm_embedded_bots']).toContainEqual({ name: 'helloworld', config: {} });
    const permissions = state['server_supported_permission_settings'] as Record<string, Record<string, unknown>>;
    expect(permissions['realm']?.['can_access_all_users_group']).toEqual({
      require_system_group: true,
      allow_internet_group: false,
      allow_nobody_group: false,
      allow_everyone_group: true,
      default_group_name: 'role:everyone',
      default_for_system_groups: null,
      allowed_system_groups: ['role:everyone', 'role:members'],
    });
    expect(permissions['group']?.['can_manage_group']).toMatchObject({ default_group_name: 'group_creator', default_for_system_groups: 'role:nobody' });
    expect(permissions['stream']?.['can_send_message_group']).toMatchObject({ allow_everyone_group: true, default_group_name: 'role:everyone' });
    expect(permissions['stream']?.['can_administer_channel_group']).toMatchObject({ default_group_name: 'channel_creator' });
    // Only for demo organizations; `receives_typing_notifications` and `can_subscribe_other_users` are not sent at all.
    // `realm_is_zephyr_mirror_realm` was removed at feature level 426.
    for (const key of ['demo_organization_scheduled_deletion_date', 'receives_typing_notifications', 'can_subscribe_other_users', 'realm_is_zephyr_mirror_realm']) {
      expect(state).not.toHaveProperty(key);
    }
  });

  it("names the creator default stream_creator_or_nobody below level 427", async () => {
    const mock = createMockServer({ featureLevel: 426 });
    const client = new ChatClient({ site: 'http://localhost:9991', email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com'), fetch: mock.fetch, maxRetries: 0 });
    const state = (await client.events.register({ event_types: ['realm'] })) as Record<string, unknown>;
    const permissions = state['server_supported_permission_settings'] as Record<string, Record<string, { default_group_name?: string }>>;
    expect(permissions['stream']?.['can_administer_channel_group']?.default_group_name).toBe('stream_creator_or_nobody');
  });

  it('leaves out what an older server did not have yet', async () => {
    const mock = createMockServer({ featureLevel: 100 });
    // Level 100 is below the SDK's response schemas (from 185 on): its unread direct messages have
    // `sender_id` alone (`other_user_id` is new in 119), which strict validation refuses.
    const client = new ChatClient({ site: 'http://localhost:9991', email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com'), fetch: mock.fetch, maxRetries: 0, validate: 'off' });
    const state = (await client.events.register({})) as Record<string, unknown>;
    const [conversation] = (state['unread_msgs'] as { pms: Record<string, unknown>[] }).pms;
    expect(conversation).toHaveProperty('sender_id');
    expect(conversation).not.toHaveProperty('other_user_id');
    for (const key of [
      'realm_enable_spectator_access',
      'realm_jitsi_server_url',
      'server_jitsi_server_url',
      'realm_can_access_all_users_group',
      'realm_can_summarize_topics_group',
      'realm_moderation_request_channel_id',
      'realm_create_web_public_stream_policy',
      'server_web_public_streams_enabled',
      'password_max_length',
      'server_supported_permission_settings',
    ]) {
      expect(state, key).not.toHaveProperty(key);
    }
    expect(state).toMatchObject({
      realm_giphy_rating: 2,
      max_icon_file_size_mib: 5,
      realm_wildcard_mention_policy: 5,
      jitsi_server_url: 'https://meet.jit.si',
      realm_is_zephyr_mirror_realm: false,
    });
  });
});

describe('PATCH /realm: the settings of the catalogue', () => {
  it('changes plain, enum, text and group settings with the server events; the deprecated policies follow', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    let answer: unknown;
    const events = await verifyAction(iago, async () => {
      answer = await iago.realm.update({
        send_welcome_emails: false,
        digest_emails_enabled: true,
        giphy_rating: 4,
        digest_weekday: 6,
        default_code_block_language: 'python',
        jitsi_server_url: 'https://jitsi.example.com',
        enable_guest_user_dm_warning: false,
        can_summarize_topics_group: { new: realm.groupId('role:members') },
        can_access_all_users_group: { new: realm.groupId('role:members') },
        can_create_public_channel_group: { new: realm.groupId('role:moderators') },
        can_mention_many_users_group: { new: realm.groupId('role:nobody') },
      });
    });
    expect(answer).toEqual({
      send_welcome_emails: false,
      digest_emails_enabled: true,
      giphy_rating: 4,
      digest_weekday: 6,
      default_code_block_language: 'updated',
      jitsi_server_url: 'updated',
      enable_guest_user_dm_warning: false,
      can_summarize_topics_group: realm.groupId('role:members'),
      can_access_all_users_group: realm.groupId('role:members'),
      can_create_public_channel_group: realm.groupId('role:moderators'),
      can_mention_many_users_group: realm.groupId('role:nobody'),
    });
    expect(events).toContainEqual(expect.objectContaining({ type: 'realm', op: 'update', property: 'giphy_rating', value: 4 }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'realm', op: 'update', property: 'jitsi_server_url', value: 'https://jitsi.example.com' }));
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'realm', op: 'update_dict', property: 'default', data: { can_access_all_users_group: realm.groupId('role:members') } }),
    );
    expect(await registerRealm()).toMatchObject({
      realm_giphy_rating: 4,
      jitsi_server_url: 'https://jitsi.example.com',
      realm_create_public_stream_policy: 4,
      realm_wildcard_mention_policy: 6,
    });
    // `default` goes back to the server's Jitsi server: the answer and the event say null.
    await verifyAction(iago, async () => {
      expect(await iago.realm.update({ jitsi_server_url: 'default' })).toEqual({ jitsi_server_url: null });
    });
    expect(await registerRealm()).toMatchObject({ realm_jitsi_server_url: null, jitsi_server_url: 'https://meet.jit.si' });
  });

  it('refuses values the server refuses, in its words, and changes nothing', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(iago.realm.update({ giphy_rating: 9 }), bad('Invalid giphy_rating 9'));
    await expectApiError(iago.realm.update({ video_chat_provider: 3 }), bad('Invalid video_chat_provider 3'));
    await expectApiError(iago.realm.update({ digest_weekday: 7 }), bad('Invalid digest_weekday'));
    await expectApiError(iago.realm.update({ default_language: 'xx' }), bad("Invalid language 'xx'"));
    await expectApiError(iago.realm.update({ default_language: 'te' }), bad("Invalid language 'te'"));
    await expectApiError(iago.realm.update({ jitsi_server_url: 'not a url' }), bad('jitsi_server_url is not an allowed_type'));
    const raw = await realm.raw('iago@zulip.com', 'PATCH', '/realm', new URLSearchParams({ send_welcome_emails: 'maybe' }));
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ code: 'BAD_REQUEST', msg: 'send_welcome_emails is not valid JSON' });
    const access = (value: number | { direct_members: number[]; direct_subgroups: number[] }) => iago.realm.update({ can_access_all_users_group: { new: value } });
    await expectApiError(access(realm.groupId('role:moderators')), bad("'can_access_all_users_group' setting cannot be set to 'role:moderators' group."));
    await expectApiError(access(realm.groupId('role:nobody')), bad("'can_access_all_users_group' setting cannot be set to 'role:nobody' group."));
    await expectApiError(access({ direct_members: [realm.userId('iago@zulip.com')], direct_subgroups: [] }), {
      code: 'SYSTEM_GROUP_REQUIRED',
      status: 400,
      msg: "'can_access_all_users_group' must be a system user group.",
    });
    await expectApiError(iago.realm.update({ invite_required: true }), owner);
    await expectApiError(iago.realm.update({ can_manage_billing_group: { new: realm.groupId('role:owners') } }), owner);
    await expectApiError(iago.realm.update({ authentication_methods: { Email: true } }), owner);
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await expectApiError(desdemona.realm.update({ can_manage_billing_group: { new: realm.groupId('role:nobody') } }), bad("'can_manage_billing_group' setting cannot be set to 'role:nobody' group."));
    await expectApiError(desdemona.realm.update({ authentication_methods: { GitHub: true } }), bad("Invalid authentication method: GitHub. Valid methods are: ['Dev', 'Email']"));
    await expectApiError(desdemona.realm.update({ authentication_methods: { Dev: false } }), bad('At least one authentication method must be enabled.'));
    // A name every object inherits is no method either (regression: toString passed and turned every login off).
    await expectApiError(
      desdemona.realm.update({ authentication_methods: { Dev: false, Email: false, toString: true } }),
      bad("Invalid authentication method: toString. Valid methods are: ['Dev', 'Email']"),
    );
    // A refused value anywhere in the request changes nothing.
    await expectApiError(iago.realm.update({ send_welcome_emails: false, giphy_rating: 9 }), bad('Invalid giphy_rating 9'));
    expect(await registerRealm()).toMatchObject({ realm_send_welcome_emails: true, realm_giphy_rating: 2, realm_can_access_all_users_group: realm.groupId('role:everyone') });
  });

  it('owners change owner-only settings and login methods; the login methods follow', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const events = await verifyAction(desdemona, async () => {
      expect(
        await desdemona.realm.update({ invite_required: true, emails_restricted_to_domains: true, authentication_methods: { Email: false, Dev: true } }),
      ).toEqual({ invite_required: true, emails_restricted_to_domains: true, authentication_methods: { Email: false, Dev: true } });
    });
    expect(events).toContainEqual(
      expect.objectContaining({ op: 'update_dict', data: { authentication_methods: { Dev: { enabled: true, available: true }, Email: { enabled: false, available: true } } } }),
    );
    expect(await registerRealm()).toMatchObject({ realm_email_auth_enabled: false, realm_password_auth_enabled: false, realm_invite_required: true });
    // Email login is off: passwords are refused.
    const response = await realm.raw(undefined, 'POST', '/fetch_api_key', new URLSearchParams({ username: 'hamlet@zulip.com', password: 'whatever' }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PASSWORD_AUTH_DISABLED' });
  });

  it('the moderation request channel: a private channel, cleared when archived', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(iago.realm.update({ moderation_request_channel_id: realm.channelId('Denmark') }), bad('Moderation request channel must be private.'));
    await expectApiError(iago.realm.update({ moderation_request_channel_id: 987_654 }), bad('Invalid channel ID'));
    await iago.subscriptions.add({ subscriptions: [{ name: 'reports' }], invite_only: true });
    const reports = realm.channelId('reports');
    await verifyAction(iago, async () => {
      expect(await iago.realm.update({ moderation_request_channel_id: reports })).toEqual({ moderation_request_channel_id: reports });
    });
    await expectApiError(iago.channels.update({ stream_id: reports, is_private: false }), bad('Moderation request channel must be private.'));
    const events = await verifyAction(iago, () => iago.channels.archive({ stream_id: reports }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'realm', op: 'update_dict', data: { moderation_request_channel_id: -1 } }));
    expect(await registerRealm()).toMatchObject({ realm_moderation_request_channel_id: -1 });
  });
});
