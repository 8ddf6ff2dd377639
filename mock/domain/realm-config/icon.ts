import type { RealmImageName } from '../../store/avatar-images';
import type { MockState } from '../state';
import { staticFileUrl } from '../static-files';
import { gravatarHash } from '../users';

/** Where an uploaded organization image is kept, below `/user_avatars/` (the server's local storage). */
export function realmImagePath(state: Pick<MockState, 'realm'>, name: RealmImageName): string {
  return `${state.realm.id}/realm/${name}.png`;
}

/** The address of an uploaded organization image at a version (`?version=`, which changes with every upload). */
function uploadedRealmImageUrl(state: Pick<MockState, 'realm' | 'store'>, name: RealmImageName): string {
  return `/user_avatars/${realmImagePath(state, name)}?version=${state.store.avatarImages.realmImage(name).version}`;
}

/**
 * The realm's icon (`realm_icon_url`): the uploaded one, else the Gravatar identicon of its string
 * ID, as the server's default settings (Gravatar enabled) give.
 */
export function realmIconUrl(state: Pick<MockState, 'realm' | 'store'>): string {
  if (state.store.avatarImages.realmImage('icon').source === 'U') return uploadedRealmImageUrl(state, 'icon');
  return `https://secure.gravatar.com/avatar/${gravatarHash(state.realm.string_id)}?d=identicon`;
}

/**
 * The realm's day or night logo (`get_realm_logo_url`): the uploaded one, else the server's default
 * image. (The server shows the default on the limited plan; the mock's realm is self-hosted.)
 */
export function realmLogoUrl(state: Pick<MockState, 'realm' | 'store'>, night: boolean): string {
  const name = night ? 'night_logo' : 'logo';
  if (state.store.avatarImages.realmImage(name).source === 'U') return uploadedRealmImageUrl(state, name);
  return `${staticFileUrl(state, 'images/logo/zulip-org-logo.svg')}?version=0`;
}
