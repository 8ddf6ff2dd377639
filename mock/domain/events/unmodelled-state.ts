import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import { EMBEDDED_BOT_NAMES } from '../bots/profile';
import { incomingWebhookBots } from '../bots/incoming-webhooks';
import SEARCH_STOP_WORDS from '../narrow/search-stop-words.json';

/** The configuration templates of the embedded bots that have one (the others: none). */
const EMBEDDED_BOT_CONFIG: Readonly<Record<string, Record<string, string>>> = { giphy: { key: '12345678' } };

/**
 * The register state of features the mock has no operation for, so that it is the same for
 * every user and no event ever changes it: no Zoom token, no
 * sponsorship request, no GIPHY API key; the server's embedded
 * bots, incoming webhook integrations and full-text search stop words. A name the realm's server level does
 * not know yet gets nothing, as on that server.
 */
export function unmodelledState(state: MockState, wanted: ReadonlySet<string>): Record<string, unknown> {
  return {
    ...(wanted.has('video_calls') ? { has_zoom_token: false } : {}),
    ...(wanted.has('realm_embedded_bots')
      ? { realm_embedded_bots: EMBEDDED_BOT_NAMES.map((name) => ({ name, config: { ...EMBEDDED_BOT_CONFIG[name] } })) }
      : {}),
    ...(wanted.has('realm_incoming_webhook_bots') ? { realm_incoming_webhook_bots: incomingWebhookBots(state) } : {}),
    ...(wanted.has('stop_words') ? { stop_words: [...SEARCH_STOP_WORDS] } : {}),
    ...(wanted.has('giphy') ? { giphy_api_key: '' } : {}),
    ...(wanted.has('realm_billing') && hasLevel(state, LEVEL.realmBilling) ? { realm_billing: { has_pending_sponsorship_request: false } } : {}),
  };
}
