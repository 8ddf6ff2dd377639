import { ROLE_VALUES } from '../../../src/contract/endpoint';
import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import type { ExportConsentChanged } from './changes';
import type { EventQueue } from './queue';

/**
 * A user's consent to private data exports, to the realm's human administrators and owners
 * (the server's `get_human_admin_users`), from feature level 312.
 */
export function renderExportConsentEvent(state: MockState, queue: EventQueue, change: ExportConsentChanged) {
  if (!hasLevel(state, LEVEL.exportConsentEvents)) return undefined;
  const viewer = state.store.tables.user.get(queue.userId);
  if (!viewer || viewer.is_bot || !viewer.is_active || viewer.role > ROLE_VALUES.administrator) return undefined;
  return { type: 'realm_export_consent', user_id: change.userId, consented: change.consented };
}
