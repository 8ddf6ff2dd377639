import type { ChatClient } from '../../src/index';
import type { MockServer, OffsetClock } from '../../mock/index';
import type { MockState } from '../../mock/domain/state';
import type { Store } from '../../mock/store/store';

/**
 * What every JSDoc example may use without declaring it (see test/jsdoc-examples.test.ts): a
 * fresh mock with the default seed, a client of it, and the IDs an example acts on.
 */
export interface JsdocExampleScope {
  /** A `ChatClient` logged in as iago@zulip.com, an administrator of `mock`. */
  readonly client: ChatClient;
  /**
   * Clients of other personas of `mock`, for what an administrator cannot show: `owner`
   * (desdemona@zulip.com, the organization's only owner), `member` (hamlet@zulip.com, a member) and
   * `bot` (default-bot@zulip.com, a generic bot hamlet owns).
   */
  readonly owner: ChatClient;
  readonly member: ChatClient;
  readonly bot: ChatClient;
  /**
   * A fresh mock server with the default seed; for an example that names `bouncerPublicKey` (in its
   * code or a comment), one that sends notifications through a simulated push bouncer.
   */
  readonly mock: MockServer<OffsetClock>;
  /** `mock.state`, the realm the mock's internal functions take. */
  readonly state: MockState;
  /** `mock.store`. */
  readonly store: Store;
  /** `mock.clock`. */
  readonly clock: OffsetClock;
  /** `mock.baseUrl`, the site of `client`. */
  readonly site: string;
  /** iago@zulip.com, and his password and API key in `mock`. */
  readonly username: string;
  readonly password: string;
  readonly apiKey: string;
  /**
   * The public key of `mock`'s push bouncer, when the example names it: the bouncer takes
   * registrations for end-to-end encrypted notifications sealed with it, and knows the device
   * tokens `'fcm-registration-id'` and `'c0ffee00…'` (the push examples' own).
   */
  readonly bouncerPublicKey: string;
  /** A signal that ends loops and streams. */
  readonly signal: AbortSignal;
  /** An event queue of `client` (holding the event of the message `id`), and its last event ID before that. */
  readonly queue_id: string;
  readonly last_event_id: number;
  /** A message iago sent to Verona (topic lunch). */
  readonly id: number;
  readonly messageId: number;
  readonly channelId: number;
  readonly targetChannelId: number;
  readonly userId: number;
  readonly myUserId: number;
  readonly hamletId: number;
  readonly othelloId: number;
  readonly iagoId: number;
  readonly botId: number;
  /** A user group iago created (so he manages it), an email invitation and an invitation link of his. */
  readonly groupId: number;
  readonly otherGroupId: number;
  readonly membersGroupId: number;
  readonly inviteId: number;
  readonly linkId: number;
  /** A default channel group (Engineering: Verona and Denmark) iago created. */
  readonly defaultGroupId: number;
  /** A private channel iago created and is subscribed to (moderation), for moderation requests. */
  readonly moderationChannelId: number;
  /** A channel of 17 subscribers (hamlet and 16 members), whose topic busy 16 of them posted in. */
  readonly largeChannelId: number;
  /** A draft, linkifier, saved snippet, scheduled message, reminder, code playground, channel folder and custom profile field of `client`'s, made for the examples that name them. */
  readonly draftId: number;
  readonly linkifierId: number;
  readonly snippetId: number;
  readonly scheduledMessageId: number;
  readonly reminderId: number;
  readonly playgroundId: number;
  readonly folderId: number;
  readonly fieldId: number;
  /** A small PNG and GIF image, and a text file, to upload. */
  readonly pngBytes: Uint8Array<ArrayBuffer>;
  readonly gifBytes: Uint8Array<ArrayBuffer>;
  readonly file: File;
  /** Deactivates the organization as its owner does, by `POST /realm/deactivate` (the SDK has no method for it). */
  deactivateOrganization(): Promise<void>;
  /** Told by the test's rewrite of `x instanceof SomeError` when it holds; answers true. */
  took(errorClass: string): true;
}
