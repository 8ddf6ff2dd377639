import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { createBigBlueButtonVideoCall } from '../endpoints/video-calls';
import type { EndpointCaller } from './caller';

/**
 * Video calls to link from messages: `client.videoCalls`.
 *
 * @example
 * const { url } = await client.videoCalls.createBigBlueButton({ meeting_name: 'standup' });
 */
export class VideoCallsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * A join URL for a new BigBlueButton call, with the caller as its moderator
   * (`GET /calls/bigbluebutton/create`). The URL is a path on the chat server, relative to the
   * site: it carries the call's details, signed by the server, and joining it needs a BigBlueButton
   * server configured there. `voice_only: true` (feature level 337) disables cameras for everyone.
   *
   * @example
   * const { url } = await client.videoCalls.createBigBlueButton({ meeting_name: '#design meeting', voice_only: true });
   * const link = new URL(url, 'https://chat.example.com').href;
   */
  createBigBlueButton(
    params: EndpointParams<typeof createBigBlueButtonVideoCall>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof createBigBlueButtonVideoCall>> {
    return this.#call(createBigBlueButtonVideoCall, params, options);
  }
}
