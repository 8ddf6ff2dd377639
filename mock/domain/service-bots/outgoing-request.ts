import type { UserRecord } from '../../store/store';
import type { BotService } from '../../store/models';
import { setClockTimer } from '../clock';
import { pythonJsonDumps } from '../python-json';
import { MOCK_ZULIP_VERSION } from '../server-settings';
import type { MockState } from '../state';
import type { ServiceBotMessage } from './message';

/** `interface` of the Slack-compatible outgoing webhook format. */
export const SLACK_INTERFACE = 2;

/** What the server's queue worker hands an outgoing webhook call. */
export interface OutgoingCall {
  readonly bot: UserRecord;
  readonly service: BotService;
  readonly message: ServiceBotMessage;
  readonly trigger: string;
}

/** How an outgoing webhook call ended. */
export type CallOutcome =
  | { readonly kind: 'response'; readonly status: number; readonly body: Uint8Array }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'connection-error' }
  | { readonly kind: 'exception'; readonly name: string; readonly text: string };

/** The Zulip-format payload (interface 1), as the server's `GenericOutgoingWebhookService` sends it. */
function zulipPayload(call: OutgoingCall): string {
  return pythonJsonDumps({
    data: call.message.content,
    message: call.message,
    bot_email: call.bot.email,
    bot_full_name: call.bot.full_name,
    token: call.service.token,
    trigger: call.trigger,
  });
}

/** The Slack-compatible form (interface 2), fields in the server's order. */
function slackPayload(state: MockState, call: OutgoingCall): URLSearchParams {
  const { message } = call;
  return new URLSearchParams([
    ['token', call.service.token],
    ['team_id', `T${state.realm.id}`],
    ['team_domain', new URL(state.realm.url).host],
    ['channel_id', `C${message.stream_id}`],
    ['channel_name', String(message.display_recipient)],
    ['thread_ts', String(message.timestamp)],
    ['timestamp', String(message.timestamp)],
    ['user_id', `U${message.sender_id}`],
    ['user_name', message.sender_full_name],
    ['text', message.content],
    ['trigger_word', call.trigger],
    ['service_id', String(call.bot.id)],
  ]);
}

function requestOf(state: MockState, call: OutgoingCall, signal: AbortSignal): Request {
  const slack = call.service.interface === SLACK_INTERFACE;
  const headers = {
    'User-Agent': `ZulipOutgoingWebhook/${MOCK_ZULIP_VERSION}`,
    'Content-Type': slack ? 'application/x-www-form-urlencoded' : 'application/json',
  };
  const body = slack ? slackPayload(state, call).toString() : zulipPayload(call);
  return new Request(call.service.base_url, { method: 'POST', headers, body, signal });
}

/**
 * What calls an outgoing webhook bot: `fetch` itself, or a handler that answers the request
 * in-process (a bot written as a fetch handler is one).
 */
export type OutgoingWebhookFetch = (request: Request) => Promise<Response>;

/**
 * POSTs one outgoing webhook payload to the service's `base_url` with `fetch`, within the
 * server's timeout counted on the realm's clock (reading the answer included). A `fetch` that
 * rejects with a `TypeError` (what `fetch` does when it cannot connect) is a connection error.
 */
export async function callOutgoingWebhook(
  state: MockState,
  call: OutgoingCall,
  fetcher: OutgoingWebhookFetch,
  timeoutSeconds: number,
): Promise<CallOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timeout = new Promise<CallOutcome>((resolve) => {
    const cancel = setClockTimer(state.clock, timeoutSeconds * 1000, () => {
      timedOut = true;
      controller.abort();
      resolve({ kind: 'timeout' });
    });
    controller.signal.addEventListener('abort', cancel);
  });
  let request: Request;
  try {
    request = requestOf(state, call, controller.signal);
  } catch {
    // Only a bot created without `payload_url` has a URL `fetch` cannot take: an empty one.
    controller.abort();
    const url = call.service.base_url;
    return { kind: 'exception', name: 'MissingSchema', text: `Invalid URL '${url}': No scheme supplied. Perhaps you meant https://${url}?` };
  }
  const attempt = (async (): Promise<CallOutcome> => {
    try {
      const response = await fetcher(request);
      const body = new Uint8Array(await response.arrayBuffer());
      return { kind: 'response', status: response.status, body };
    } catch (error) {
      if (timedOut) return { kind: 'timeout' };
      if (error instanceof TypeError) return { kind: 'connection-error' };
      const named = error instanceof Error ? error : new Error(String(error));
      return { kind: 'exception', name: named.name, text: named.message };
    } finally {
      controller.abort();
    }
  })();
  return Promise.race([attempt, timeout]);
}
