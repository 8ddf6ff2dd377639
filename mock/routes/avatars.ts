import type { avatars } from '../../src/endpoints/index';
import { deleteOwnAvatar, setOwnAvatar } from '../domain/avatars/own-avatar';
import { deleteRealmIcon, deleteRealmLogo, uploadRealmIcon, uploadRealmLogo } from '../domain/realm-config/realm-images';
import type { Implementation } from '../http/operation';

/** The caller's avatar and the organization's icon and logos: decode → domain → payload. */
export const avatarRoutes = {
  setOwnAvatar: async ({ state, user, files }) => ({ avatar_url: await setOwnAvatar(state, user, files) }),
  deleteOwnAvatar: ({ state, user }) => ({ avatar_url: deleteOwnAvatar(state, user) }),
  uploadRealmIcon: async ({ state, files }) => ({ icon_url: await uploadRealmIcon(state, files) }),
  deleteRealmIcon: ({ state }) => ({ icon_url: deleteRealmIcon(state) }),
  uploadRealmLogo: async ({ state, params, files }) => {
    await uploadRealmLogo(state, files, params.night);
    return {};
  },
  deleteRealmLogo: ({ state, params }) => {
    deleteRealmLogo(state, params.night);
    return {};
  },
} satisfies { [Name in keyof typeof avatars]: Implementation<(typeof avatars)[Name]> };
