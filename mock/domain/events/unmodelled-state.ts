import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';

/**
 * The register state of features the mock has no operation for, so that it is the same for
 * every user and no event ever changes it: no scheduled messages, saved snippets or default
 * channel groups, no Zoom token, no sponsorship request. A name the realm's server level does
 * not know yet gets nothing, as on that server.
 */
export function unmodelledState(state: MockState, wanted: ReadonlySet<string>): Record<string, unknown> {
  return {
    ...(wanted.has('scheduled_messages') && hasLevel(state, LEVEL.scheduledMessages) ? { scheduled_messages: [] } : {}),
    ...(wanted.has('saved_snippets') && hasLevel(state, LEVEL.savedSnippets) ? { saved_snippets: [] } : {}),
    ...(wanted.has('default_stream_groups') ? { realm_default_stream_groups: [] } : {}),
    ...(wanted.has('video_calls') ? { has_zoom_token: false } : {}),
    ...(wanted.has('realm_billing') && hasLevel(state, LEVEL.realmBilling) ? { realm_billing: { has_pending_sponsorship_request: false } } : {}),
  };
}
