import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import INTEGRATIONS_10_2 from './incoming-webhook-integrations.json';
import INTEGRATIONS_FROM_403 from './incoming-webhook-integrations-403.json';

/** One of the server's incoming webhook integrations, as `npm run incoming-webhooks:update` generates them. */
export interface IncomingWebhookIntegration {
  readonly name: string;
  readonly display_name: string;
  readonly all_event_types: readonly string[] | null;
  readonly config_options: readonly IntegrationOption[];
  readonly url_options?: readonly IntegrationOption[];
  readonly legacy: boolean;
}

/** A configuration or URL option: its key, label and the name of the server's validator. */
interface IntegrationOption {
  readonly key: string;
  readonly label: string;
  readonly validator: string;
}

/**
 * The server's incoming webhook integrations, legacy ones included: 10.2's below feature level
 * 403, the newer server's (Zulip main of December 2025) from it.
 */
export function incomingWebhookIntegrations(state: MockState): readonly IncomingWebhookIntegration[] {
  return hasLevel(state, LEVEL.incomingWebhookUrlOptions) ? INTEGRATIONS_FROM_403 : INTEGRATIONS_10_2;
}

const copyOptions = (options: readonly IntegrationOption[]) => options.map((option) => ({ ...option }));

/**
 * The `realm_incoming_webhook_bots` register state: the server's incoming webhook integrations,
 * the legacy ones left out. A server older than feature level 207 names neither their display
 * names nor their event types, one older than 318 not their configuration options; from 403
 * every entry has `url_options`, and `config_options` holds creation data only.
 */
export function incomingWebhookBots(state: MockState): Record<string, unknown>[] {
  const named = hasLevel(state, LEVEL.incomingWebhookEventTypes);
  const configurable = hasLevel(state, LEVEL.incomingWebhookConfigOptions);
  return incomingWebhookIntegrations(state)
    .filter((integration) => !integration.legacy)
    .map((integration) => ({
      name: integration.name,
      ...(named ? { display_name: integration.display_name, all_event_types: integration.all_event_types && [...integration.all_event_types] } : {}),
      ...(configurable ? { config_options: copyOptions(integration.config_options) } : {}),
      ...(integration.url_options ? { url_options: copyOptions(integration.url_options) } : {}),
    }));
}
