import { CSRF_FAILURE_HEADING } from '../../mock/http/csrf-failure-page';
import { NOT_FOUND_TITLE } from '../../mock/http/not-found-page';
import type { MockServer } from '../../mock/index';
import { API_ERROR_CLASSES } from '../../src/errors/api-errors';
import type { FuzzRequest } from './requests';

/** Codes an answer may carry: those the SDK knows, and the mock's own for a route it lacks. */
const KNOWN_CODES = new Set([...Object.keys(API_ERROR_CLASSES), 'NOT_IMPLEMENTED']);

const FILE_PATHS = /^\/(?:api\/v1\/)?(?:user_uploads|tus)(?:[/?]|$)/;
const TUS_PATHS = /^\/(?:api\/v1\/)?tus(?:[/?]|$)/;
/** The Camo proxy (go-camo), which answers in plain text. */
const CAMO_PATHS = /^\/external_content(?:[/?]|$)/;
/** Go's `http.Error`, go-camo's refusals: one line of plain text and a newline. */
const GO_HTTP_ERROR = /^[^\n<]*\n$/;
/** The API and the web app's JSON views, which Django's CSRF check exempts. */
const CSRF_EXEMPT_PATHS = /^\/(?:api|json)(?:[/?]|$)/;

/** go-camo's answers that are no envelope: its health check's empty 200, and a refusal as Go's `http.Error`. */
function isCamoAnswer(status: number, text: string): boolean {
  return text === '' ? status === 200 : status >= 400 && GO_HTTP_ERROR.test(text);
}

/** The tus requests that can finish an upload: the creation (of no bytes, or with its bytes) and a PATCH. */
const FINISHING_METHODS = new Set(['POST', 'PATCH']);

/** The server's pre-finish hook's answer to the request that completes a tus upload: the attachment's URL and name. */
function isFinishedUpload(body: object): boolean {
  const { url, filename, ...rest } = body as Record<string, unknown>;
  return typeof url === 'string' && url.startsWith('/user_uploads/') && typeof filename === 'string' && Object.keys(rest).length === 0;
}

/** What is wrong with an answer, or undefined: a 5xx (but the mock's 501), or not the API's envelope. */
export function answerProblem(request: FuzzRequest, status: number, text: string): string | undefined {
  if (status >= 500 && status !== 501) return `HTTP ${status}: ${text.slice(0, 200)}`;
  // Django's own 405 (`/server_settings` refusing a method) has no body.
  if (request.method === 'HEAD' || status === 204 || (status === 405 && text === '')) return undefined;
  // Files, the server's file pages and the tus protocol's plain-text answers are not envelopes.
  if (FILE_PATHS.test(request.path) && !text.startsWith('{')) return undefined;
  // Nor are the Camo proxy's plain-text answers.
  if (CAMO_PATHS.test(request.path) && isCamoAnswer(status, text)) return undefined;
  // Nor is the CSRF failure page of a view outside the API that checks CSRF (`/compatibility` refusing a POST).
  if (status === 403 && !CSRF_EXEMPT_PATHS.test(request.path) && text.includes(`<h1>${CSRF_FAILURE_HEADING}</h1>`)) return undefined;
  // Nor is the server's 404 page for a path it does not route.
  if (status === 404 && text.includes(`<title>${NOT_FOUND_TITLE}</title>`)) return undefined;
  // Nor are its redirects (the organization's icon and logo, the login page): no body.
  if (status === 302 && text === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON (HTTP ${status}): ${text.slice(0, 200)}`;
  }
  if (typeof body !== 'object' || body === null) return `not an object: ${text.slice(0, 200)}`;
  const { result, msg, code, message } = body as Record<string, unknown>;
  // tusd answers a refusal of the server's hooks with their own body, `{"message": ...}`.
  if (TUS_PATHS.test(request.path) && result === undefined && typeof message === 'string' && status >= 400) return undefined;
  // The request that finishes an upload (its last PATCH; the POST creating one of no bytes, which
  // finishes as it is created) gets the pre-finish hook's body, the attachment.
  if (TUS_PATHS.test(request.path) && FINISHING_METHODS.has(request.method) && status === 200 && isFinishedUpload(body)) return undefined;
  if (result === 'success') return status === 200 ? undefined : `success with HTTP ${status}`;
  if (result !== 'error' || typeof msg !== 'string') return `no envelope: ${text.slice(0, 200)}`;
  // The server's 405 is the one error without a code.
  if (code === undefined) return status === 405 ? undefined : `an error without a code (HTTP ${status}): ${text.slice(0, 200)}`;
  if (!KNOWN_CODES.has(String(code))) return `unknown code ${String(code)}`;
  return undefined;
}

/** The store's invariants; each broken one is described. */
export function invariantProblems(mock: MockServer): string[] {
  const problems: string[] = [];
  const { store } = mock;
  const messages = store.tables.message.all();
  const ids = messages.map((message) => message.id);
  if (new Set(ids).size !== ids.length) problems.push('message IDs are not unique');
  const users = new Set(store.tables.user.all().map((user) => user.id));
  for (const message of messages) {
    if (!users.has(message.sender_id)) problems.push(`message ${message.id} has an unknown sender`);
    const recipients = store.userMessages.recipientIds(message.id);
    if (message.channel_id === null && recipients.length === 0) problems.push(`direct message ${message.id} has no recipient`);
    if (message.channel_id !== null && !store.tables.channel.get(message.channel_id)) problems.push(`message ${message.id} is in an unknown channel`);
    for (const userId of recipients) if (!users.has(userId)) problems.push(`message ${message.id} has a copy for unknown user ${userId}`);
  }
  for (const channel of store.tables.channel.all()) {
    const active = new Set(
      store.tables.subscription
        .all()
        .filter((subscription) => subscription.channel_id === channel.id && subscription.active)
        .map((subscription) => subscription.user_id),
    );
    const indexed = store.subscriberIds(channel.id);
    if (active.size !== indexed.size || [...active].some((id) => !indexed.has(id))) {
      problems.push(`channel ${channel.id}: the subscriber index differs from the subscriptions`);
    }
  }
  problems.push(...attachmentProblems(mock), ...membershipProblems(mock));
  return problems;
}

/** IDs keep increasing; copies, subscriptions, groups and queues point at what exists. */
function membershipProblems(mock: MockServer): string[] {
  const problems: string[] = [];
  const { store } = mock;
  const users = new Set(store.tables.user.all().map((user) => user.id));
  const nextMessageId = new Map(store.ids.entries()).get('message') ?? 0;
  for (const message of store.tables.message.all()) {
    if (message.id >= nextMessageId) problems.push(`message ${message.id} is not below the next ID ${nextMessageId}`);
    if (message.channel_id !== null) continue;
    const participants = new Set(message.dm_user_ids);
    for (const holder of store.userMessages.recipientIds(message.id)) {
      if (!participants.has(holder)) problems.push(`direct message ${message.id} has a copy for ${holder}, who is not a participant`);
    }
  }
  for (const subscription of store.tables.subscription.all()) {
    if (!users.has(subscription.user_id) || !store.tables.channel.get(subscription.channel_id)) problems.push(`subscription ${subscription.id} points at nothing`);
  }
  for (const group of store.tables.userGroup.all()) {
    for (const member of group.members) if (!users.has(member)) problems.push(`group ${group.id} has unknown member ${member}`);
    for (const subgroup of group.direct_subgroup_ids) if (!store.tables.userGroup.get(subgroup)) problems.push(`group ${group.id} has unknown subgroup ${subgroup}`);
    if (containsItself(mock, group.id)) problems.push(`group ${group.id} is its own subgroup (a cycle)`);
  }
  for (const bot of store.tables.bot.all()) {
    if (!store.tables.user.get(bot.user_id)?.is_bot) problems.push(`bot settings ${bot.user_id} belong to no bot`);
  }
  for (const queue of mock.state.events.queues()) {
    if (!users.has(queue.userId)) problems.push(`queue ${queue.id} belongs to unknown user ${queue.userId}`);
    if (queue.nextEventId < 0) problems.push(`queue ${queue.id} has a negative next event ID`);
  }
  return problems;
}

/** Whether a group is reachable from its own subgroups. */
function containsItself(mock: MockServer, groupId: number): boolean {
  const seen = new Set<number>();
  const pending = [...(mock.store.tables.userGroup.get(groupId)?.direct_subgroup_ids ?? [])];
  while (pending.length > 0) {
    const id = pending.pop() as number;
    if (id === groupId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(mock.store.tables.userGroup.get(id)?.direct_subgroup_ids ?? []));
  }
  return false;
}

/** Attachments agree with the messages linking to them, their bytes, and the indexes. */
function attachmentProblems(mock: MockServer): string[] {
  const problems: string[] = [];
  const { store } = mock;
  let space = 0;
  const paths = new Set<string>();
  for (const attachment of store.tables.attachment.all()) {
    space += attachment.size;
    if (paths.has(attachment.path_id)) problems.push(`attachment path ${attachment.path_id} is used twice`);
    paths.add(attachment.path_id);
    if (store.attachments.bytesOf(attachment.id)?.byteLength !== attachment.size) problems.push(`attachment ${attachment.id} has no bytes of its size`);
    if (!store.tables.user.get(attachment.user_id)) problems.push(`attachment ${attachment.id} has an unknown uploader`);
    for (const messageId of attachment.message_ids) {
      if (!store.tables.message.get(messageId)) problems.push(`attachment ${attachment.id} links a deleted message ${messageId}`);
      if (!store.attachments.ofMessage(messageId).some((linked) => linked.id === attachment.id)) problems.push(`message ${messageId} does not index attachment ${attachment.id}`);
    }
  }
  if (space !== store.attachments.spaceUsed) problems.push(`upload space used is ${store.attachments.spaceUsed}, the attachments take ${space}`);
  return problems;
}
