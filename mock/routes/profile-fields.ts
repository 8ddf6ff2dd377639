import type { profileFields } from '../../src/endpoints/index';
import { createProfileField } from '../domain/profile-fields/create';
import { listProfileFields } from '../domain/profile-fields/wire';
import { deleteProfileField, reorderProfileFields, updateProfileField } from '../domain/profile-fields/manage';
import { applyProfileData } from '../domain/profile-fields/values';
import type { Implementation } from '../http/operation';

/** Custom profile fields: decode → domain → payload. */
export const profileFieldRoutes = {
  createCustomProfileField: ({ state, params }) => ({ id: createProfileField(state, params) }),
  getCustomProfileFields: ({ state }) => ({ custom_fields: listProfileFields(state) }),
  updateCustomProfileField: ({ state, params: { field_id, ...changes } }) => {
    updateProfileField(state, field_id, changes);
    return {};
  },
  removeCustomProfileField: ({ state, params }) => {
    deleteProfileField(state, params.field_id);
    return {};
  },
  reorderCustomProfileFields: ({ state, params }) => {
    reorderProfileFields(state, params.order);
    return {};
  },
  updateProfileData: ({ state, user, params }) => {
    applyProfileData(state, user, user, params.data, 'store');
    return {};
  },
  removeProfileData: ({ state, user, params }) => {
    applyProfileData(state, user, user, params.data.map((id) => ({ id, value: null })), 'remove');
    return {};
  },
} satisfies { [Name in keyof typeof profileFields]: Implementation<(typeof profileFields)[Name]> };
