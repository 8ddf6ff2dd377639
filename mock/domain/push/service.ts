/** A push notification the mock delivered (to the device directly, or through the bouncer). */
export interface SentPushNotification {
  readonly user_id: number;
  /** `apns` or `fcm`. */
  readonly kind: string;
  readonly token: string;
  /** What the device receives; `event` and `realm_name` are always there. */
  readonly payload: Readonly<Record<string, unknown>>;
}

/** An end-to-end encrypted notification the mock's bouncer delivered. */
export interface SentEncryptedPushNotification {
  readonly user_id: number;
  /** The registration it went to. */
  readonly push_account_id: number;
  /** `apns` or `fcm`. */
  readonly token_kind: string;
  /** The bouncer's ID of the device. */
  readonly device_id: number;
  /** What the server encrypted with the registration's `push_key` (`type`, `realm_url`, ...). */
  readonly payload: Readonly<Record<string, unknown>>;
}

/** The mock's push notification bouncer. */
export interface BouncerOptions {
  /**
   * The device tokens it knows: others get `INVALID_REMOTE_PUSH_DEVICE_TOKEN`, as from a bouncer
   * that lost them. Without it, the bouncer knows what the server registered with it and still
   * holds (each token a user adds: the server's `add_push_device_token` sends it there).
   * @default every token registered through the server
   */
  readonly knownTokens?: readonly string[] | undefined;
  /**
   * The public keys of its registration encryption keys: a registration for end-to-end
   * encrypted notifications sealed with another key fails with `INVALID_BOUNCER_PUBLIC_KEY`.
   * The mock cannot open the sealed registration, so it takes any with one of these keys.
   * @default []
   */
  readonly registrationKeys?: readonly string[];
}

/** How the mock's server delivers push notifications. */
export interface PushOptions {
  /**
   * The push notification bouncer: `null` for none (the server delivers directly and cannot
   * register devices for end-to-end encrypted notifications), or the bouncer to simulate.
   * @default null
   */
  readonly bouncer?: BouncerOptions | null;
}

/** The bouncer's answer to a registration for end-to-end encrypted notifications. */
export type BouncerRegistration = { readonly deviceId: number } | { readonly errorCode: string };

/** The realm's push delivery: the bouncer's configuration and what was sent, for tests to read. */
export class PushService {
  readonly #usesBouncer: boolean;
  /** The only tokens the bouncer knows, when it was given a list of them. */
  readonly #knownToBouncer: ReadonlySet<string> | undefined;
  /** Registrations the bouncer dropped (`userId:token`) though it knows the token. */
  readonly #dropped = new Set<string>();
  readonly #sent: SentPushNotification[] = [];
  readonly #registrationKeys: ReadonlySet<string>;
  readonly #sentEncrypted: SentEncryptedPushNotification[] = [];
  #nextDeviceId = 1;

  constructor(options: PushOptions = {}) {
    this.#usesBouncer = Boolean(options.bouncer);
    const known = options.bouncer?.knownTokens;
    this.#knownToBouncer = known ? new Set(known) : undefined;
    this.#registrationKeys = new Set(options.bouncer?.registrationKeys ?? []);
  }

  /** Every end-to-end encrypted notification delivered so far, oldest first. */
  get sentEncrypted(): readonly SentEncryptedPushNotification[] {
    return [...this.#sentEncrypted];
  }

  /** Every notification delivered so far, oldest first. */
  get sent(): readonly SentPushNotification[] {
    return [...this.#sent];
  }

  /**
   * Whether a bouncer is configured and holds no registration of this user's token. Without a
   * list of `knownTokens` it holds what the server registered and still holds itself
   * (`heldByServer`: the server has that user's device with exactly this token).
   */
  unknownToBouncer(userId: number, token: string, heldByServer: boolean): boolean {
    if (!this.#usesBouncer) return false;
    if (this.#dropped.has(`${userId}:${token}`)) return true;
    return this.#knownToBouncer ? !this.#knownToBouncer.has(token) : !heldByServer;
  }

  /** Whether the server sends its devices' registrations to a bouncer. */
  get usesBouncer(): boolean {
    return this.#usesBouncer;
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

  /** The bouncer's answer when the server hands it a sealed registration: a new device, or why not. */
  registerEncrypted(bouncerPublicKey: string): BouncerRegistration {
    if (!this.#registrationKeys.has(bouncerPublicKey)) return { errorCode: 'INVALID_BOUNCER_PUBLIC_KEY' };
    return { deviceId: this.#nextDeviceId++ };
  }

  /** Records a delivered end-to-end encrypted notification. */
  deliverEncrypted(notification: SentEncryptedPushNotification): void {
    this.#sentEncrypted.push(Object.freeze({ ...notification, payload: Object.freeze({ ...notification.payload }) }));
  }
}
