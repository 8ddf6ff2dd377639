import type { UserRecord } from '../../store/store';
import type { BotService } from '../../store/models';
import { ApiFailure } from '../errors';
import type { OutgoingWebhookFetch } from './outgoing-request';
import { channelMessageUrl, directMessageUrl } from '../markdown/narrow-url';
import { pythonStr, pythonTruthy } from '../python-literal';
import { pythonBytesRepr, pythonStrRepr } from '../python-repr';
import type { MockState } from '../state';
import type { ServiceBotMessage } from './message';
import { type CallOutcome, callOutgoingWebhook, SLACK_INTERFACE } from './outgoing-request';
import { OUTGOING_WEBHOOK_CLIENT, type ReplyContent, sendBotReply } from './replies';
import { pythonStrip } from '../python-strip';

/** How often a timed-out or unreachable call is tried again before giving up (`MAX_REQUEST_RETRIES`). */
const MAX_REQUEST_RETRIES = 3;

/** An outgoing webhook event as the server's queue holds it. */
export interface OutgoingWebhookEvent {
  readonly botId: number;
  readonly trigger: string;
  readonly message: ServiceBotMessage;
  /** Calls that timed out or could not connect so far (`failed_tries`). */
  failedTries: number;
}

/** How the worker calls out: the `fetch` to use and the server's timeout. */
export interface OutgoingCallSettings {
  readonly fetch: OutgoingWebhookFetch;
  readonly timeoutSeconds: number;
  /** False once the realm is gone (reset, restore): an answer arriving then changes nothing. */
  readonly live: () => boolean;
}

/** What handling one call asks of the worker: nothing more, or the event queued again. */
export type CallResult = 'done' | 'retry';

function messageUrl(state: MockState, message: ServiceBotMessage): string {
  if (message.type === 'stream') {
    const channel = { id: message.stream_id as number, name: String(message.display_recipient) };
    return channelMessageUrl(state.realm.url, channel, message.subject, message.id);
  }
  const participants = message.display_recipient as readonly { readonly id: number }[];
  return directMessageUrl(state.realm.url, participants.map((participant) => participant.id), message.id);
}

/** The bot says so in the conversation that triggered it (`fail_with_message`); a vanished channel hears nothing. */
function failWithMessage(state: MockState, bot: UserRecord, message: ServiceBotMessage, failure: string): void {
  try {
    sendBotReply(state, bot, { kind: 'conversation', message }, { content: `Failure! ${failure}` }, OUTGOING_WEBHOOK_CLIENT);
  } catch (error) {
    if (!(error instanceof ApiFailure && error.code === 'STREAM_DOES_NOT_EXIST')) throw error;
  }
}

/** What the owner's notice adds to its first line. */
interface NoticeDetail {
  readonly status?: number;
  readonly payload?: string | undefined;
  readonly failure?: string;
  readonly exception?: { readonly name: string; readonly text: string };
}

/** The bot tells its owner, in a direct message, what went wrong (`notify_bot_owner`, its exact text). */
function notifyBotOwner(state: MockState, bot: UserRecord, message: ServiceBotMessage, detail: NoticeDetail): void {
  if (bot.bot_owner_id === null) throw new Error(`[teamchat-mock] outgoing webhook bot ${bot.email} has no owner to notify`);
  let notice = `[A message](${messageUrl(state, message)}) to your bot @_**${bot.full_name}** triggered an outgoing webhook.`;
  if (detail.exception) {
    notice +=
      '\nWhen trying to send a request to the webhook service, an exception ' +
      `of type ${detail.exception.name} occurred:\n\`\`\`\n${detail.exception.text}\n\`\`\``;
  } else if (detail.failure) notice += `\n${detail.failure}`;
  else if (detail.status === 407) notice += '\nThe URL configured for the webhook is for a private or disallowed network.';
  else if (detail.status) notice += `\nThe webhook got a response with status code *${detail.status}*.`;
  if (detail.payload) notice += `\nThe response contains the following payload:\n\`\`\`\n${detail.payload}\n\`\`\``;
  sendBotReply(state, bot, { kind: 'direct', userIds: [bot.bot_owner_id] }, { content: notice }, OUTGOING_WEBHOOK_CLIENT);
}

/** A failure the server reports as a `JsonableError` while handling a successful answer. */
class AnswerError extends Error {}

function optionalWidget(answer: Record<string, unknown>): string | undefined {
  if (!('widget_content' in answer)) return undefined;
  const widget = answer['widget_content'];
  if (typeof widget !== 'string') throw new Error('[teamchat-mock] widget_content must be JSON text, as the server reads it');
  return widget;
}

/** The reply an answer asks for, per format (`process_success`); undefined for none. */
function replyOf(service: BotService, answer: Record<string, unknown>): ReplyContent | undefined {
  if (service.interface === SLACK_INTERFACE) {
    if (!('text' in answer)) return undefined;
    const text = answer['text'];
    if (typeof text !== 'string') throw new Error('[teamchat-mock] a Slack-format answer\'s "text" must be a string');
    return { content: text };
  }
  if (pythonTruthy(answer['response_not_required'] ?? false)) return undefined;
  if ('response_string' in answer) return { content: pythonStr(answer['response_string']) };
  if ('content' in answer) return { content: pythonStr(answer['content']), widgetContent: optionalWidget(answer) };
  return undefined;
}

/** A 2xx answer: JSON, an object, maybe a reply (`process_success_response`). */
function handleSuccess(state: MockState, bot: UserRecord, service: BotService, message: ServiceBotMessage, text: string): void {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new AnswerError('Invalid JSON in response');
  }
  // Bot servers before 2021 answered json.dumps("") for "no reply".
  if (answer === '') return;
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) throw new AnswerError('Invalid response format');
  const reply = replyOf(service, answer as Record<string, unknown>);
  if (reply === undefined || pythonStrip(reply.content) === '') return;
  try {
    sendBotReply(state, bot, { kind: 'conversation', message }, reply, OUTGOING_WEBHOOK_CLIENT);
  } catch (error) {
    if (error instanceof ApiFailure) throw new AnswerError(error.msg);
    throw error;
  }
}

function handleResponse(state: MockState, bot: UserRecord, service: BotService, message: ServiceBotMessage, outcome: CallOutcome & { kind: 'response' }): void {
  if (outcome.status < 200 || outcome.status > 299) {
    failWithMessage(state, bot, message, `Third party responded with ${outcome.status}`);
    const payload = outcome.body.length > 0 ? pythonBytesRepr(outcome.body) : undefined;
    notifyBotOwner(state, bot, message, { status: outcome.status, payload });
    return;
  }
  const text = new TextDecoder().decode(outcome.body);
  try {
    handleSuccess(state, bot, service, message, text);
  } catch (error) {
    if (!(error instanceof AnswerError)) throw error;
    failWithMessage(state, bot, message, error.message);
    const failure = `The outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> ${error.message}`;
    notifyBotOwner(state, bot, message, { failure, payload: text === '' ? undefined : pythonStrRepr(text) });
  }
}

/** After the last retry: the conversation hears the bot is unavailable, the owner why. */
function giveUp(state: MockState, bot: UserRecord, message: ServiceBotMessage, failure: string): void {
  failWithMessage(state, bot, message, 'Bot is unavailable');
  notifyBotOwner(state, bot, message, { failure });
}

/**
 * One outgoing webhook call and what the server does with its outcome (`do_rest_call`): a 2xx
 * JSON answer may reply in the conversation; any other status, an answer that is not a JSON
 * object or a reply the server refuses makes the bot say `Failure! ...` there and tell its owner;
 * a timeout or connection error is retried ({@link MAX_REQUEST_RETRIES} times) before the same;
 * any other exception is reported at once.
 */
export async function runOutgoingWebhook(
  state: MockState,
  bot: UserRecord,
  service: BotService,
  event: OutgoingWebhookEvent,
  settings: OutgoingCallSettings,
): Promise<CallResult> {
  const { message } = event;
  if (service.interface === SLACK_INTERFACE && message.type === 'private') {
    failWithMessage(state, bot, message, "Slack outgoing webhooks don't support direct messages.");
    return 'done';
  }
  const call = { bot, service, message, trigger: event.trigger };
  const outcome = await callOutgoingWebhook(state, call, settings.fetch, settings.timeoutSeconds);
  if (!settings.live()) return 'done';
  switch (outcome.kind) {
    case 'response':
      handleResponse(state, bot, service, message, outcome);
      return 'done';
    case 'exception':
      failWithMessage(
        state,
        bot,
        message,
        `An exception of type *${outcome.name}* occurred for message \`${message.content}\`! See the Zulip server logs for more information.`,
      );
      notifyBotOwner(state, bot, message, { exception: outcome });
      return 'done';
    case 'timeout':
    case 'connection-error': {
      event.failedTries += 1;
      if (event.failedTries <= MAX_REQUEST_RETRIES) return 'retry';
      const failure =
        outcome.kind === 'timeout'
          ? `Request timed out after ${settings.timeoutSeconds} seconds.`
          : 'A connection error occurred. Is my bot server down?';
      giveUp(state, bot, message, failure);
      return 'done';
    }
  }
}
