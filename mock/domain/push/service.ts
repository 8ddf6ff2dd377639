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
  /** Registrations the bouncer dropped (`userId:token`) though it knows the token. */
  readonly #dropped = new Set<string>();
  readonly #sent: SentPushNotification[] = [];

  constructor(options: PushOptions = {}) {
    this.#knownToBouncer = options.bouncer ? new Set(options.bouncer.knownTokens) : null;
  }

  /** Every notification delivered so far, oldest first. */
  get sent(): readonly SentPushNotification[] {
    return [...this.#sent];
  }

  /** Whether a bouncer is configured and holds no registration of this user's token. */
  unknownToBouncer(userId: number, token: string): boolean {
    if (this.#knownToBouncer === null) return false;
    return !this.#knownToBouncer.has(token) || this.#dropped.has(`${userId}:${token}`);
  }

  /** Whether the server sends its devices' registrations to a bouncer. */
  get usesBouncer(): boolean {
    return this.#knownToBouncer !== null;
  }

  /** The server registered the user's token with the bouncer (again). */
  registerWithBouncer(userId: number, token: string): void {
    this.#dropped.delete(`${userId}:${token}`);
  }

  /** The server asked the bouncer to forget all of the user's tokens. */
  unregisterAllAtBouncer(userId: number, tokens: readonly string[]): void {
    for (const token of tokens) this.#dropped.add(`${userId}:${token}`);
  }

  /** Records a delivered notification. */
  deliver(notification: SentPushNotification): void {
    this.#sent.push(Object.freeze({ ...notification, payload: Object.freeze({ ...notification.payload }) }));
  }
}
