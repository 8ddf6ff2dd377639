import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

async function webhookBots(client: ChatClient) {
  return (await client.events.register({ fetch_event_types: ['realm_incoming_webhook_bots'] })).realm_incoming_webhook_bots ?? [];
}

/** A client of a mock started at `featureLevel`. */
function clientAt(featureLevel: number): ChatClient {
  const mock = createMockServer({ featureLevel });
  return new ChatClient({ site: 'http://localhost:9991', email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), fetch: mock.fetch, maxRetries: 0 });
}

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('register: realm_incoming_webhook_bots', () => {
  it("lists the newer server's incoming webhook integrations in its order, without the legacy Bitbucket", async () => {
    const bots = await webhookBots(realm.clientFor('hamlet@zulip.com'));
    expect(bots).toHaveLength(91);
    expect(bots.slice(0, 3).map((bot) => bot.name)).toEqual(['airbrake', 'airbyte', 'alertmanager']);
    expect(bots.at(-1)?.name).toBe('zendesk');
    expect(bots.map((bot) => bot.name)).not.toContain('bitbucket');
    expect(bots.filter((bot) => bot.all_event_types !== null)).toHaveLength(44);
  });

  it('names each one, its event types (null without filtering), its URL options and its (empty) configuration options', async () => {
    const bots = await webhookBots(realm.clientFor('hamlet@zulip.com'));
    const byName = new Map(bots.map((bot) => [bot.name, bot]));
    expect(byName.get('airbrake')).toEqual({ name: 'airbrake', display_name: 'Airbrake', all_event_types: null, config_options: [], url_options: [] });
    expect(byName.get('slack_incoming')).toEqual({ name: 'slack_incoming', display_name: 'Slack-compatible webhook', all_event_types: null, config_options: [], url_options: [] });
    expect(byName.get('buildbot')).toEqual({ name: 'buildbot', display_name: 'Buildbot', all_event_types: ['new', 'finished'], config_options: [], url_options: [] });
    // A tuple, a dict's values, lists added together, a misspelt name: as the views declare them.
    expect(byName.get('pingdom')?.all_event_types).toEqual(['HTTP', 'HTTP_CUSTOM', 'HTTPS', 'SMTP', 'POP3', 'IMAP', 'PING', 'DNS', 'UDP', 'PORT_TCP']);
    expect(byName.get('freshping')?.all_event_types).toEqual(['reporting_error', 'available']);
    expect(byName.get('grafana')?.all_event_types).toEqual(['ok', 'pending', 'alerting', 'paused', 'firing', 'resolved']);
    expect(byName.get('transifex')?.all_event_types).toEqual(['translated', 'review']);
    expect(byName.get('github')).toMatchObject({
      display_name: 'GitHub',
      config_options: [],
      url_options: [
        { key: 'branches', label: '', validator: 'check_string' },
        { key: 'ignore_private_repositories', label: 'Exclude notifications from private repositories', validator: 'check_bool' },
        { key: 'include_repository_name', label: 'Include repository name in the notifications', validator: 'check_bool' },
      ],
    });
    expect(byName.get('dbt')?.url_options).toEqual([{ key: 'access_url', label: 'DBT Access URL', validator: 'check_string' }]);
    expect(byName.get('github')?.all_event_types?.slice(0, 3)).toEqual(['commit_comment', 'closed_pull_request', 'create']);
    expect(byName.get('githubsponsors')?.all_event_types).toEqual(['cancelled', 'created', 'edited', 'pending_cancellation', 'pending_tier_change', 'tier_changed']);
  });

  it("below feature level 403: 10.2's integrations, URL parameters among config_options and no url_options", async () => {
    const bots = await webhookBots(clientAt(402));
    expect(bots).toHaveLength(88);
    expect(bots.at(-1)?.name).toBe('zabbix');
    expect(bots.filter((bot) => bot.all_event_types !== null)).toHaveLength(42);
    expect(bots.find((bot) => bot.name === 'github')).toMatchObject({
      config_options: [
        { key: 'branches', label: '', validator: 'check_string' },
        { key: 'ignore_private_repositories', label: 'Exclude notifications from private repositories', validator: 'check_bool' },
      ],
    });
    expect(bots.find((bot) => bot.name === 'github')).not.toHaveProperty('url_options');
  });

  it('follows the feature levels: config_options from 318, display_name and all_event_types from 207', async () => {
    for (const [level, expected] of [
      [317, { name: 'buildbot', display_name: 'Buildbot', all_event_types: ['new', 'finished'] }],
      [206, { name: 'buildbot' }],
    ] as const) {
      expect((await webhookBots(clientAt(level))).find((bot) => bot.name === 'buildbot')).toEqual(expected);
    }
  });
});

describe('POST /bots: an incoming webhook bot\'s service_name', () => {
  it('an unknown integration is refused after the channel lookups; any known one, legacy included, is accepted', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const users = realm.mock.store.tables.user.size;
    await expectApiError(
      hamlet.bots.create({ full_name: 'Inc One', short_name: 'inc1', bot_type: 2, service_name: 'nonexistent', default_sending_stream: 'nope' }),
      bad("Invalid channel name 'nope'"),
    );
    await expectApiError(hamlet.bots.create({ full_name: 'Inc One', short_name: 'inc1', bot_type: 2, service_name: 'nonexistent' }), bad("Invalid integration 'nonexistent'."));
    expect(realm.mock.store.tables.user.size).toBe(users);
    await hamlet.bots.create({ full_name: 'Inc Two', short_name: 'inc2', bot_type: 2, service_name: 'github' });
    await hamlet.bots.create({ full_name: 'Inc Three', short_name: 'inc3', bot_type: 2, service_name: 'bitbucket' });
    // An empty name is no integration to check.
    await hamlet.bots.create({ full_name: 'Inc Four', short_name: 'inc4', bot_type: 2, service_name: '' });
  });

  it('below feature level 403 (10.2): only integrations with configuration options are known, and those options are required', async () => {
    const hamlet = clientAt(402);
    await expectApiError(hamlet.bots.create({ full_name: 'Inc One', short_name: 'inc1', bot_type: 2, service_name: 'airbrake' }), bad("Invalid integration 'airbrake'."));
    await expectApiError(hamlet.bots.create({ full_name: 'Inc One', short_name: 'inc1', bot_type: 2, service_name: 'gitlab' }), bad("Missing configuration parameters: {'branches'}"));
    await expectApiError(
      hamlet.bots.create({ full_name: 'Inc One', short_name: 'inc1', bot_type: 2, service_name: 'gitlab', config_data: { branches: 'main' } }),
      bad('Invalid branches value main (main)'),
    );
  });
});
