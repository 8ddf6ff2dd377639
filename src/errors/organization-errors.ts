import { ApiErrorBase, type ApiErrorInit, numberField, stringField } from './api-error-base';

/**
 * `CHANNEL_ALREADY_EXISTS` (HTTP 409): a channel of that name exists (renaming a channel to a name
 * in use); carries the `channel_name` asked for.
 *
 * @example
 * const failure = await client.channels.update({ stream_id: channelId, new_name: 'Denmark' }).catch((error: unknown) => error);
 * if (failure instanceof ChannelAlreadyExistsError) console.log(failure.channel_name);
 */
export class ChannelAlreadyExistsError extends ApiErrorBase<'CHANNEL_ALREADY_EXISTS'> {
  override readonly name: string = 'ChannelAlreadyExistsError';

  /** The channel name that is already taken. */
  readonly channel_name?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.channel_name = stringField(init.data, 'channel_name');
  }
}

/**
 * `STREAM_DOES_NOT_EXIST`: carries the channel `stream` (by name) or `stream_id` (by ID).
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof StreamDoesNotExistError) console.log(failure.message);
 */
export class StreamDoesNotExistError extends ApiErrorBase<'STREAM_DOES_NOT_EXIST'> {
  override readonly name: string = 'StreamDoesNotExistError';

  /** The channel name that was not found. */
  readonly stream?: string;
  /** The channel ID that was not found. */
  readonly stream_id?: number;

  constructor(init: ApiErrorInit) {
    super(init);
    this.stream = stringField(init.data, 'stream');
    this.stream_id = numberField(init.data, 'stream_id');
  }
}

/**
 * `SYSTEM_GROUP_REQUIRED`: a permission setting that takes only system groups got another
 * group; `setting_name` names it.
 *
 * @example
 * const failure = await client.realm.update({ can_create_web_public_channel_group: { new: { direct_members: [8], direct_subgroups: [] } } }).catch((error: unknown) => error);
 * if (failure instanceof SystemGroupRequiredError) console.log(failure.setting_name);
 */
export class SystemGroupRequiredError extends ApiErrorBase<'SYSTEM_GROUP_REQUIRED'> {
  override readonly name: string = 'SystemGroupRequiredError';

  /** The setting that takes only system groups. */
  readonly setting_name?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.setting_name = stringField(init.data, 'setting_name');
  }
}

/**
 * `CANNOT_DEACTIVATE_GROUP_IN_USE`: a permission setting of a channel, another group or the organization
 * still names the group; `data.objections` lists them.
 *
 * @example
 * await client.realm.update({ can_add_custom_emoji_group: { new: groupId } }); // the organization's setting names the group
 * const failure = await client.userGroups.deactivate({ user_group_id: groupId }).catch((error: unknown) => error);
 * if (failure instanceof CannotDeactivateGroupInUseError) console.log(failure.message);
 */
export class CannotDeactivateGroupInUseError extends ApiErrorBase<'CANNOT_DEACTIVATE_GROUP_IN_USE'> {
  override readonly name: string = 'CannotDeactivateGroupInUseError';
}

/**
 * `CANNOT_DEACTIVATE_LAST_USER`: the account is the organization's only owner (or only user).
 *
 * @example
 * const failure = await owner.users.deactivateMe().catch((error: unknown) => error); // `owner`: a ChatClient of the only owner
 * if (failure instanceof CannotDeactivateLastUserError) console.log(failure.message);
 */
export class CannotDeactivateLastUserError extends ApiErrorBase<'CANNOT_DEACTIVATE_LAST_USER'> {
  override readonly name: string = 'CannotDeactivateLastUserError';
}

/**
 * `BAD_IMAGE`: an avatar, icon, logo or custom emoji that is no image the server can read
 * ("Invalid image format", "Could not decode image; did you upload an image file?").
 *
 * @example
 * const failure = await client.users.setAvatar({ content: new Uint8Array([1, 2, 3]), filename: 'me.png' }).catch((error: unknown) => error);
 * if (failure instanceof BadImageError) console.log(failure.message);
 */
export class BadImageError extends ApiErrorBase<'BAD_IMAGE'> {
  override readonly name: string = 'BadImageError';
}
