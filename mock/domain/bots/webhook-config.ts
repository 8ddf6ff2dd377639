import { badRequest } from '../errors';
import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import { incomingWebhookIntegrations } from './incoming-webhooks';

/**
 * `check_valid_bot_config` for an incoming webhook bot's `service_name` (legacy integrations
 * count): an unknown name is `Invalid integration '<name>'.`. Below feature level 403 the server
 * (10.2) also takes an integration without configuration options for unknown, and requires each
 * option in `config_data`; its validators answer the value they accept, which it reads as an
 * error, so a given option is refused too (`Invalid branches value main (main)`).
 */
export function checkIncomingWebhookConfig(state: MockState, serviceName: string, config: Readonly<Record<string, string>>): void {
  const integration = incomingWebhookIntegrations(state).find((entry) => entry.name === serviceName);
  const options = integration?.config_options ?? [];
  if (!integration || (options.length === 0 && !hasLevel(state, LEVEL.incomingWebhookUrlOptions))) {
    throw badRequest(`Invalid integration '${serviceName}'.`);
  }
  const missing = options.filter((option) => !Object.hasOwn(config, option.key));
  // Python's repr of a set of names; with several, the server's order varies from run to run.
  if (missing.length > 0) throw badRequest(`Missing configuration parameters: {${missing.map((option) => `'${option.key}'`).join(', ')}}`);
  const [first] = options;
  // Every integration's first option is checked by `check_string`, which answers the value itself.
  if (first?.validator === 'check_string') {
    const value = config[first.key] ?? '';
    throw badRequest(`Invalid ${first.key} value ${value} (${value})`);
  }
}
