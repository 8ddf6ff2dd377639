import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import {
  createUser,
  deactivateOwnUser,
  deactivateUser,
  getOwnUser,
  getUser,
  getUserByEmail,
  getUsers,
  reactivateUser,
  updateUser,
  updateUserByEmail,
} from '../endpoints/users';
import type { EndpointCaller } from './caller';
import { getUserStatus, updateStatus, updateStatusForUser } from '../endpoints/user-status';
import { muteUser, unmuteUser } from '../endpoints/muted-users';
import { deleteOwnAvatar, setOwnAvatar } from '../endpoints/avatars';
import { type ImageUpload, withImageFile } from '../uploads/image-file';
import { markOnboardingStep } from '../endpoints/onboarding';

/**
 * The organization's users: read, create, change, deactivate, reactivate: `client.users`.
 *
 * @example
 * const { members } = await client.users.list();
 */
export class UsersResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the organization's users, bots and deactivated users included (`GET /users`).
   *
   * @example
   * const { members } = await client.users.list({ user_ids: [8, 10] });
   */
  list(params: EndpointParams<typeof getUsers> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getUsers>> {
    return this.#call(getUsers, params, options);
  }

  /**
   * Fetches one user by ID (`GET /users/{user_id}`).
   *
   * @example
   * const { user } = await client.users.get({ user_id: userId });
   */
  get(params: EndpointParams<typeof getUser>, options?: CallOptions): ApiCall<EndpointResult<typeof getUser>> {
    return this.#call(getUser, params, options);
  }

  /**
   * Fetches one user by real address, or by the placeholder `user{id}@{realm host}` (`GET /users/{email}`).
   *
   * @example
   * const { user } = await client.users.getByEmail({ email: 'iago@zulip.com' });
   */
  getByEmail(params: EndpointParams<typeof getUserByEmail>, options?: CallOptions): ApiCall<EndpointResult<typeof getUserByEmail>> {
    return this.#call(getUserByEmail, params, options);
  }

  /**
   * Fetches the caller's own user object (`GET /users/me`).
   *
   * @example
   * const me = await client.users.me();
   * console.log(me.user_id, me.role);
   */
  me(params: EndpointParams<typeof getOwnUser> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getOwnUser>> {
    return this.#call(getOwnUser, params, options);
  }

  /**
   * Creates a member (`POST /users`); needs an administrator holding the server-granted
   * `can_create_users` permission.
   *
   * @example
   * const { user_id } = await client.users.create({ email: 'newbie@zulip.com', password: 'secret', full_name: 'New User' });
   */
  create(params: EndpointParams<typeof createUser>, options?: CallOptions): ApiCall<EndpointResult<typeof createUser>> {
    return this.#call(createUser, params, options);
  }

  /**
   * Changes a user's name, role or address (`PATCH /users/{user_id}`); administrators, or the
   * owner of a bot for its name.
   *
   * @example
   * await client.users.update({ user_id: userId, role: 300 });
   */
  update(params: EndpointParams<typeof updateUser>, options?: CallOptions): ApiCall<EndpointResult<typeof updateUser>> {
    return this.#call(updateUser, params, options);
  }

  /**
   * The same as {@link UsersResource.update}, the user found by address (`PATCH /users/{email}`).
   *
   * @example
   * await client.users.updateByEmail({ email: 'hamlet@zulip.com', full_name: 'Prince Hamlet' });
   */
  updateByEmail(params: EndpointParams<typeof updateUserByEmail>, options?: CallOptions): ApiCall<EndpointResult<typeof updateUserByEmail>> {
    return this.#call(updateUserByEmail, params, options);
  }

  /**
   * Deactivates a user and the bots they own (`DELETE /users/{user_id}`); administrators only.
   *
   * @example
   * await client.users.deactivate({ user_id: userId });
   */
  deactivate(params: EndpointParams<typeof deactivateUser>, options?: CallOptions): ApiCall<EndpointResult<typeof deactivateUser>> {
    return this.#call(deactivateUser, params, options);
  }

  /**
   * Reactivates a deactivated user (`POST /users/{user_id}/reactivate`); administrators only.
   *
   * @example
   * await client.users.reactivate({ user_id: userId });
   */
  reactivate(params: EndpointParams<typeof reactivateUser>, options?: CallOptions): ApiCall<EndpointResult<typeof reactivateUser>> {
    return this.#call(reactivateUser, params, options);
  }

  /**
   * Deactivates the caller's own account (`DELETE /users/me`); refused for the only owner
   * or the only user.
   *
   * @example
   * await client.users.deactivateMe();
   */
  deactivateMe(params: EndpointParams<typeof deactivateOwnUser> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof deactivateOwnUser>> {
    return this.#call(deactivateOwnUser, params, options);
  }

  /**
   * Sets the caller's status (`POST /users/me/status`): only what is given changes; `""` clears
   * the text or the emoji. The emoji is named; its code and type are looked up when left out.
   *
   * @example
   * await client.users.updateStatus({ status_text: 'on vacation', emoji_name: 'palm_tree' });
   */
  updateStatus(params: EndpointParams<typeof updateStatus>, options?: CallOptions): ApiCall<EndpointResult<typeof updateStatus>> {
    return this.#call(updateStatus, params, options);
  }

  /**
   * Sets another user's status (`POST /users/{user_id}/status`, feature level 407): for
   * administrators, as {@link UsersResource.updateStatus} does for the caller. The user gets the
   * same `user_status` event as when they set it themselves.
   *
   * @example
   * await client.users.updateStatusForUser({ user_id: userId, status_text: 'on leave', emoji_name: '' });
   */
  updateStatusForUser(
    params: EndpointParams<typeof updateStatusForUser>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof updateStatusForUser>> {
    return this.#call(updateStatusForUser, params, options);
  }

  /**
   * A user's status (`GET /users/{user_id}/status`); `{}` when they set none.
   *
   * @example
   * const { status } = await client.users.getStatus({ user_id: userId });
   */
  getStatus(params: EndpointParams<typeof getUserStatus>, options?: CallOptions): ApiCall<EndpointResult<typeof getUserStatus>> {
    return this.#call(getUserStatus, params, options);
  }

  /**
   * Mutes a user (`POST /users/me/muted_users/{muted_user_id}`): their messages, past and new,
   * are read for you, and their typing no longer reaches you.
   *
   * @example
   * await client.users.mute({ muted_user_id: othelloId });
   */
  mute(params: EndpointParams<typeof muteUser>, options?: CallOptions): ApiCall<EndpointResult<typeof muteUser>> {
    return this.#call(muteUser, params, options);
  }

  /**
   * Unmutes a user (`DELETE /users/me/muted_users/{muted_user_id}`).
   *
   * @example
   * await client.users.mute({ muted_user_id: othelloId });
   * await client.users.unmute({ muted_user_id: othelloId });
   */
  unmute(params: EndpointParams<typeof unmuteUser>, options?: CallOptions): ApiCall<EndpointResult<typeof unmuteUser>> {
    return this.#call(unmuteUser, params, options);
  }

  /**
   * Uploads the caller's avatar (`POST /users/me/avatar`, multipart): a PNG, GIF, JPEG, WebP,
   * AVIF, HEIC or TIFF image of at most 5 MiB (`max_avatar_file_size_mib`), its type read from
   * its file name. Any user may, unless the organization disabled avatar changes
   * (`realm_avatar_changes_disabled`; administrators still may). Answers the new `avatar_url`;
   * everyone who can see the caller gets a `realm_user` `update` with it. Not in the API's
   * OpenAPI description: documented by the server's source.
   *
   * @example
   * const { avatar_url } = await client.users.setAvatar({ content: pngBytes, filename: 'me.png' });
   */
  setAvatar(params: ImageUpload, options?: CallOptions): ApiCall<EndpointResult<typeof setOwnAvatar>> {
    return withImageFile(params, (file) => this.#call(setOwnAvatar, { file }, options));
  }

  /**
   * Goes back to the caller's Gravatar (`DELETE /users/me/avatar`), unless the organization
   * disabled avatar changes. Answers the new `avatar_url`. Documented by the server's source.
   *
   * @example
   * await client.users.deleteAvatar();
   */
  deleteAvatar(params: EndpointParams<typeof deleteOwnAvatar> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof deleteOwnAvatar>> {
    return this.#call(deleteOwnAvatar, params, options);
  }

  /**
   * Marks one of the caller's onboarding steps as seen (`POST /users/me/onboarding_steps`, humans
   * only, feature level 233): the caller's queues get an `onboarding_steps` event with the steps
   * still to show. A name the server does not know is refused (`Unknown onboarding_step: {name}`).
   * The reference OpenAPI file does not document this operation; the server's source
   * (`mark_onboarding_step_as_read`) does.
   *
   * @example
   * await client.users.markOnboardingStep({ onboarding_step: 'intro_inbox_view_modal' });
   */
  markOnboardingStep(params: EndpointParams<typeof markOnboardingStep>, options?: CallOptions): ApiCall<EndpointResult<typeof markOnboardingStep>> {
    return this.#call(markOnboardingStep, params, options);
  }
}
