import type { profileFields } from '../../src/endpoints/index';
import { createProfileField } from '../domain/profile-fields/create';
import { listProfileFields } from '../domain/profile-fields/wire';
import type { Implementation } from '../http/operation';

/** Custom profile fields: decode → domain → payload. */
export const profileFieldRoutes = {
  createCustomProfileField: ({ state, params }) => ({ id: createProfileField(state, params) }),
  getCustomProfileFields: ({ state }) => ({ custom_fields: listProfileFields(state) }),
} satisfies { [Name in keyof typeof profileFields]: Implementation<(typeof profileFields)[Name]> };
