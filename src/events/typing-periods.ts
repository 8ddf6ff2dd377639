/** The three typing periods, in milliseconds, as `POST /register` reports them (`realm` state). */
export interface TypingPeriods {
  /** Resend `start` this often while the user keeps typing. */
  readonly server_typing_started_wait_period_milliseconds?: number | undefined;
  /** Send `stop` after this long without a keystroke. */
  readonly server_typing_stopped_wait_period_milliseconds?: number | undefined;
  /** A receiver drops an indicator after this long without a new `start`. */
  readonly server_typing_started_expiry_period_milliseconds?: number | undefined;
}

/** The real server's values, for a registration that did not include the `realm` state. */
export const DEFAULT_TYPING_PERIODS = {
  server_typing_started_wait_period_milliseconds: 30_000,
  server_typing_stopped_wait_period_milliseconds: 12_000,
  server_typing_started_expiry_period_milliseconds: 45_000,
} as const;
