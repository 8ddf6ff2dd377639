import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient } from '../src/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

async function webhookBots(client: ChatClient) {
  return (await client.events.register({ fetch_event_types: ['realm_incoming_webhook_bots'] })).realm_incoming_webhook_bots ?? [];
}

describe('register: realm_incoming_webhook_bots', () => {
  it("lists 10.2's incoming webhook integrations in its order, without the legacy Bitbucket", async () => {
    const bots = await webhookBots(realm.clientFor('hamlet@zulip.com'));
    expect(bots).toHaveLength(88);
    expect(bots.slice(0, 3).map((bot) => bot.name)).toEqual(['airbrake', 'airbyte', 'alertmanager']);
    expect(bots.at(-1)?.name).toBe('zabbix');
    expect(bots.map((bot) => bot.name)).not.toContain('bitbucket');
    expect(bots.filter((bot) => bot.all_event_types !== null)).toHaveLength(42);
  });

  it('names each one, its event types (null without filtering) and its configuration options', async () => {
    const bots = await webhookBots(realm.clientFor('hamlet@zulip.com'));
    const byName = new Map(bots.map((bot) => [bot.name, bot]));
    expect(byName.get('airbrake')).toEqual({ name: 'airbrake', display_name: 'Airbrake', all_event_types: null, config_options: [] });
    expect(byName.get('slack_incoming')).toEqual({ name: 'slack_incoming', display_name: 'Slack-compatible webhook', all_event_types: null, config_options: [] });
    expect(byName.get('buildbot')).toEqual({ name: 'buildbot', display_name: 'Buildbot', all_event_types: ['new', 'finished'], config_options: [] });
    // A tuple, a dict's values, lists added together, a misspelt name: as the views declare them.
    expect(byName.get('pingdom')?.all_event_types).toEqual(['HTTP', 'HTTP_CUSTOM', 'HTTPS', 'SMTP', 'POP3', 'IMAP', 'PING', 'DNS', 'UDP', 'PORT_TCP']);
    expect(byName.get('freshping')?.all_event_types).toEqual(['reporting_error', 'available']);
    expect(byName.get('grafana')?.all_event_types).toEqual(['ok', 'pending', 'alerting', 'paused', 'firing', 'resolved']);
    expect(byName.get('transifex')?.all_event_types).toEqual(['translated', 'review']);
    expect(byName.get('github')).toMatchObject({
      display_name: 'GitHub',
      config_options: [
        { key: 'branches', label: '', validator: 'check_string' },
        { key: 'ignore_private_repositories', label: 'Exclude notifications from private repositories', validator: 'check_bool' },
      ],
    });
    expect(byName.get('github')?.all_event_types?.slice(0, 3)).toEqual(['commit_comment', 'closed_pull_request', 'create']);
    expect(byName.get('githubsponsors')?.all_event_types).toEqual(['cancelled', 'created', 'edited', 'pending_cancellation', 'pending_tier_change', 'tier_changed']);
  });

  it('follows the feature levels: config_options from 318, display_name and all_event_types from 207', async () => {
    for (const [level, expected] of [
      [317, { name: 'buildbot', display_name: 'Buildbot', all_event_types: ['new', 'finished'] }],
      [206, { name: 'buildbot' }],
    ] as const) {
      const mock = createMockServer({ featureLevel: level });
      const client = new ChatClient({ site: 'http://localhost:9991', email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), fetch: mock.fetch });
      expect((await webhookBots(client)).find((bot) => bot.name === 'buildbot')).toEqual(expected);
    }
  });
});
