/** A push notification the mock delivered (to the device directly, or through the bouncer). */
export interface SentPushNotification {
  readonly user_id: number;
  /** `apns` or `fcm`. */
  readonly kind: string;
  readonly token: string;
  /** What the device receives; `event` and `realm_name` are always there. */
  readonly payload: Readonly<Record<string, unknown>>;
}

/** How the mock's server delivers push notifications. */
export interface PushOptions {
  /**
   * The push notification bouncer: `null` for none (the server delivers directly), or one that
   * knows only these tokens (others get `INVALID_REMOTE_PUSH_DEVICE_TOKEN`).
   * @default null
   */
  readonly bouncer?: { readonly knownTokens: readonly string[] } | null;
}

/** The realm's push delivery: the bouncer's configuration and what was sent, for tests to read. */
export class PushService {
  readonly #knownToBouncer: ReadonlySet<string> | null;
  readonly #sent: SentPushNotification[] = [];

  constructor(options: PushOptions = {}) {
    this.#knownToBouncer = options.bouncer ? new Set(options.bouncer.knownTokens) : null;
  }

  /** Every notification delivered so far, oldest first. */
  get sent(): readonly SentPushNotification[] {
    return [...this.#sent];
  }

  /** Whether a bouncer is configured and does not know this token. */
  unknownToBouncer(token: string): boolean {
    return this.#knownToBouncer !== null && !this.#knownToBouncer.has(token);
  }

  /** Records a delivered notification. */
  deliver(notification: SentPushNotification): void {
    this.#sent.push(Object.freeze({ ...notification, payload: Object.freeze({ ...notification.payload }) }));
  }
}
