import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { EMAIL_VISIBLE_TO_EVERYONE } from '../users';
import { stepsSeenByNewUser } from '../onboarding/steps';
import { settleProvisionalStatus } from '../user-groups/full-members';
import { settingDefaultsAt } from '../user-settings/catalog';

/** The settings a new account starts with (the server's defaults for a new organization). */
export const NEW_USER_SETTINGS = {
  email_address_visibility: EMAIL_VISIBLE_TO_EVERYONE,
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 2,
  automatically_follow_topics_where_mentioned: true,
  send_read_receipts: true,
  translate_emoticons: false,
};

/**
 * A new account's automatic follow and unmute policies at `level`: "never" from 214 to 217
 * (`AUTOMATIC_VISIBILITY_DEFAULTS_LEVEL`), else those of {@link NEW_USER_SETTINGS}.
 */
export function automaticVisibilityDefaults(level: number): Pick<UserRecord, 'automatically_follow_topics_policy' | 'automatically_unmute_topics_in_muted_streams_policy'> {
  const defaults = settingDefaultsAt(level);
  return {
    automatically_follow_topics_policy: Number(defaults.automatically_follow_topics_policy),
    automatically_unmute_topics_in_muted_streams_policy: Number(defaults.automatically_unmute_topics_in_muted_streams_policy),
  };
}

/** What a new account must be given; the rest has the defaults of a new member. */
export type NewUserFields = Pick<UserRecord, 'email' | 'delivery_email' | 'full_name' | 'api_key'> & Partial<UserRecord>;

/**
 * Stores a new account: an active member with no password, no time zone and the default
 * settings, unless `fields` says otherwise. Allocates its ID (unless given) and its recipient.
 * It starts with the onboarding steps of a new account to see, and as a provisional member (outside
 * `role:fullmembers`) while the realm has a waiting period.
 */
export function insertUser(state: MockState, fields: NewUserFields): UserRecord {
  const { store, clock } = state;
  const id = fields.id ?? store.ids.next('user');
  store.onboardingStepsSeen.set(id, stepsSeenByNewUser(fields.is_bot === true));
  const user = store.tables.user.insert({
    role: ROLE_VALUES.member,
    is_active: true,
    is_bot: false,
    bot_type: null,
    bot_owner_id: null,
    password: '',
    date_joined: clock.now(),
    timezone: '',
    avatar_version: 1,
    is_imported_stub: false,
    is_system_bot: false,
    recipient_id: store.ids.next('recipient'),
    can_create_users: false,
    can_change_user_emails: false,
    ...NEW_USER_SETTINGS,
    ...automaticVisibilityDefaults(state.featureLevel),
    ...fields,
    id,
  });
  settleProvisionalStatus(state, user);
  return user;
}
