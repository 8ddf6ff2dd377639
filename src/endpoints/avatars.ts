import { defineEndpoint } from '../contract/endpoint';
import {
  DeleteOwnAvatarParams,
  DeleteRealmIconParams,
  DeleteRealmLogoParams,
  OwnAvatarResponse,
  RealmIconResponse,
  RealmLogoResponse,
  SetOwnAvatarParams,
  UploadRealmIconParams,
  UploadRealmLogoParams,
} from '../schemas/avatars';

// None of these is in the API's OpenAPI description: they are documented by the server's source
// (Zulip's `zerver/views/user_settings.py`, `realm_icon.py`, `realm_logo.py`), as old as the API.

/** `POST /users/me/avatar`: upload the caller's avatar (any user, unless the organization disabled avatar changes). */
export const setOwnAvatar = defineEndpoint({
  id: 'set-own-avatar',
  method: 'POST',
  path: '/users/me/avatar',
  params: SetOwnAvatarParams,
  response: OwnAvatarResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `DELETE /users/me/avatar`: go back to the Gravatar. */
export const deleteOwnAvatar = defineEndpoint({
  id: 'delete-own-avatar',
  method: 'DELETE',
  path: '/users/me/avatar',
  params: DeleteOwnAvatarParams,
  response: OwnAvatarResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `POST /realm/icon`: upload the organization's icon (administrators). */
export const uploadRealmIcon = defineEndpoint({
  id: 'upload-realm-icon',
  method: 'POST',
  path: '/realm/icon',
  params: UploadRealmIconParams,
  response: RealmIconResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `DELETE /realm/icon`: go back to the default icon (administrators). */
export const deleteRealmIcon = defineEndpoint({
  id: 'delete-realm-icon',
  method: 'DELETE',
  path: '/realm/icon',
  params: DeleteRealmIconParams,
  response: RealmIconResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `POST /realm/logo`: upload the organization's day or night logo (administrators). */
export const uploadRealmLogo = defineEndpoint({
  id: 'upload-realm-logo',
  method: 'POST',
  path: '/realm/logo',
  params: UploadRealmLogoParams,
  response: RealmLogoResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 1,
});

/** `DELETE /realm/logo`: go back to the default day or night logo (administrators). */
export const deleteRealmLogo = defineEndpoint({
  id: 'delete-realm-logo',
  method: 'DELETE',
  path: '/realm/logo',
  params: DeleteRealmLogoParams,
  response: RealmLogoResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 1,
});
