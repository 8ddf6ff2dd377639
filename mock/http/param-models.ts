import * as z from 'zod/mini';
import { WebhookUrl } from '../../src/schemas/bot';
import { SubscriptionPropertyChange, SubscriptionRequest } from '../../src/schemas/channel';
import { NewChannelDescription, NewChannelName } from '../../src/schemas/channel-create';
import { ReportDescription, ReportMessageParams } from '../../src/schemas/message-report';
import { ChannelFolderDescription, ChannelFolderName } from '../../src/schemas/channel-folder';
import { CreateDraftsParams, EditDraftParams } from '../../src/schemas/draft';
import { NarrowParam } from '../../src/schemas/narrow';
import { TopicParam } from '../../src/schemas/topic';
import { InviteRole, WelcomeMessageCustomText } from '../../src/schemas/invite';
import { RealmExportType } from '../../src/schemas/realm-export';
import { UpdateRealmParams } from '../../src/schemas/realm-settings';
import { DeactivationNotificationComment } from '../../src/schemas/user';
import { RegisterPushDeviceParams } from '../../src/schemas/push';
import { CreateScheduledMessageParams, UpdateScheduledMessageParams } from '../../src/schemas/scheduled-message';
import { checkWebhookUrl } from '../domain/bots/services';
import { parseNarrow } from '../domain/narrow/terms';
import { checkTopicParamLength } from '../domain/topic-preferences';
import { DraftData } from './draft-data';
import { badRequest } from '../domain/errors';
import { pydanticModel } from './pydantic-models';
import { SAVED_SNIPPET_MODEL_SCHEMAS } from './saved-snippet-data';
import { NAVIGATION_VIEW_MODEL_SCHEMAS } from './navigation-view-data';
import { WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH } from '../domain/realm-config/realm-properties';
import { MAX_REPORT_MESSAGE_EXPLANATION_LENGTH, REPORT_MESSAGE_REASONS } from '../domain/messages/report-types';
import { MAX_DESCRIPTION_LENGTH } from '../domain/subscriptions/settings';
import { pythonStrip } from '../domain/python-strip';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../domain/channel-folders/limits';
import { pythonLength } from '../domain/python-len';

// The server reads `subscriptions` (POST) and `add` (PATCH /users/me/subscriptions) with its
// AddSubscriptionData model, whose fields the SDK's schema already has: only its name is marked,
// so that an element that is no object reads as pydantic words it.
pydanticModel('AddSubscriptionData', SubscriptionRequest);
// Each change of `POST /users/me/subscriptions/properties` is its SubscriptionPropertyChangeRequest
// model: a value neither boolean nor text is refused by its first member (`...["value"]["bool"]`).
pydanticModel('SubscriptionPropertyChangeRequest', SubscriptionPropertyChange);

/** The longest `deactivation_notification_comment` the server takes, in characters. */
const MAX_DEACTIVATION_NOTIFICATION_COMMENT_LENGTH = 2000;

/** The server's `check_int_in_validator`: a value outside the list is refused as it is read. */
function checkOneOf(values: readonly number[]) {
  return (value: number, name: string): void => {
    if (!values.includes(value)) throw badRequest(`Invalid ${name}: Value error, Not in the list of possible values`);
  };
}

/** The server's `check_string_in_validator`: a value outside the list is refused as it is read. */
function checkStringOneOf(values: readonly string[]) {
  return (value: string, name: string): void => {
    if (!values.includes(value)) throw badRequest(`Invalid ${name}: Value error, Not in the list of possible values`);
  };
}

/** The server's `StringConstraints(max_length=…)`: measured in characters (code points). */
function checkMaxCharacters(maximum: number) {
  return (value: string, name: string): void => {
    if (pythonLength(value) > maximum) throw badRequest(`${name} is too long (limit: ${String(maximum)} characters)`);
  };
}

/** The server's `StringConstraints(strip_whitespace=True, min_length=1)`. */
function checkNotBlank(value: string, name: string): void {
  if (pythonStrip(value) === '') throw badRequest(`${name} cannot be blank`);
}

/** `report_type` as the server reads it: any text, then checked against the report types. */
const ReportTypeModel = z.string();
/** `token_kind` of `POST /mobile_push/register`, read as any text and then checked against the kinds. */
const PushTokenKindModel = z.string();
/**
 * `type` of `POST`/`PATCH /scheduled_messages` as the server reads it: any text, then checked
 * against the recipient types (`check_string_in_validator`), so a value outside them is pydantic's
 * value error, not a literal mismatch.
 */
const ScheduledMessageTypeModel = z.string();
/**
 * `digest_weekday` of `PATCH /realm` as the server reads it: its `DigestWeekdayEnum`, so any value
 * that is no weekday, of whatever type (`"1"`, `true`, `1.0`), is `Invalid digest_weekday`.
 */
const DigestWeekdayModel = z.optional(z.literal([0, 1, 2, 3, 4, 5, 6]));

/**
 * The server's own model of a parameter, checked as soon as the parameter is read: a parameter
 * whose model fails stops the request before later parameters are looked at (the SDK's schema
 * only shapes it). The narrow's terms are one: `GET /messages` reports a bad term before a bad
 * `apply_markdown` that comes after it; a webhook URL another; the topic of `POST /user_topics`
 * (its length comes before `visibility_policy`) a third.
 */
const MODEL_CHECKS = new Map<z.ZodMiniType, (value: never, name: string) => unknown>([
  [NarrowParam, parseNarrow],
  [WebhookUrl, checkWebhookUrl],
  [TopicParam, checkTopicParamLength],
  [InviteRole, checkOneOf([100, 200, 300, 400, 600])],
  [RealmExportType, checkOneOf([1, 2])],
  [WelcomeMessageCustomText, checkMaxCharacters(WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH)],
  [DeactivationNotificationComment, checkMaxCharacters(MAX_DEACTIVATION_NOTIFICATION_COMMENT_LENGTH)],
  [NewChannelName, checkNotBlank],
  [NewChannelDescription, checkMaxCharacters(MAX_DESCRIPTION_LENGTH)],
  [ReportDescription, checkMaxCharacters(MAX_REPORT_MESSAGE_EXPLANATION_LENGTH)],
  [ReportTypeModel, checkStringOneOf(Object.keys(REPORT_MESSAGE_REASONS))],
  [PushTokenKindModel, checkStringOneOf(['apns', 'fcm'])],
  [ScheduledMessageTypeModel, checkStringOneOf(['direct', 'private', 'stream', 'channel'])],
  [ChannelFolderName, checkMaxCharacters(MAX_CHANNEL_FOLDER_NAME_LENGTH)],
  [ChannelFolderDescription, checkMaxCharacters(MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH)],
]);

/**
 * Parameters the server reads with a pydantic model whose checks the SDK's schema leaves out:
 * the mock decodes them with the model's schema instead, so its checks run in the model's order.
 */
const MODEL_SCHEMAS = new Map<z.ZodMiniType, z.ZodMiniType>([
  [CreateDraftsParams.shape.drafts, z.optional(z.array(DraftData))],
  [EditDraftParams.shape.draft, DraftData],
  ...SAVED_SNIPPET_MODEL_SCHEMAS,
  [ReportMessageParams.shape.report_type, ReportTypeModel],
  [RegisterPushDeviceParams.shape.token_kind, PushTokenKindModel],
  [CreateScheduledMessageParams.shape.type, ScheduledMessageTypeModel],
  [UpdateScheduledMessageParams.shape.type, z.optional(ScheduledMessageTypeModel)],
  ...NAVIGATION_VIEW_MODEL_SCHEMAS,
  [UpdateRealmParams.shape.digest_weekday, DigestWeekdayModel],
]);

/** The schema inside optional and nullable wrappers. */
function innermost(schema: z.ZodMiniType): z.ZodMiniType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.ZodMiniType };
    if ((def.type !== 'optional' && def.type !== 'nullable') || !def.innerType) return current;
    current = def.innerType;
  }
}

/** The server's model check of a parameter's decoded value, when the parameter has one. */
export function modelCheckOf(schema: z.ZodMiniType, name: string): ((value: unknown) => void) | undefined {
  const check = MODEL_CHECKS.get(innermost(schema));
  if (!check) return undefined;
  return (value) => {
    if (value !== null && value !== undefined) check(value as never, name);
  };
}

/** The schema a parameter is decoded with: the server's model where it has one, else the declared one. */
export function decodingSchemaOf(schema: z.ZodMiniType): z.ZodMiniType {
  return MODEL_SCHEMAS.get(schema) ?? schema;
}
