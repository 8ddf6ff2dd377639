import type { FaultKind } from './faults';

/** One request an operation answered, as the journal keeps it. */
export interface JournalEntry {
  /** The operation's ID, e.g. `send-message`. */
  readonly operation: string;
  readonly method: string;
  /** The URL path, e.g. `/api/v1/messages`. */
  readonly path: string;
  /** The authenticated caller's email, when there was one. */
  readonly user: string | undefined;
  /** Query and body parameters as sent (a repeated name keeps its last value); secrets redacted. */
  readonly params: Readonly<Record<string, string>>;
  readonly status: number;
  /** The error `code`, for an error answer. */
  readonly code: string | undefined;
  /**
   * The injected fault (`mock.faults`) the request met, when one did: `status` and `code` are
   * what the client got (`status` 0 for a dropped connection). A fault that answers `before` the
   * operation kept it from running (`user` and `params` were not read); `after`, it ran. A
   * `latency` fault only delays the operation's own answer, listed as for any request.
   */
  readonly fault?: { readonly kind: FaultKind; readonly when: 'before' | 'after' } | undefined;
  /** Milliseconds on the realm's clock. */
  readonly at: number;
}

/** Parameter names whose values are secrets: never written to a journal or a log. */
export const SECRET_PARAMETERS = /^(password|api_key|key|token|secret)$|_password$|_key$/;

/** How many entries the journal keeps (the oldest go first). */
export const JOURNAL_LIMIT = 10_000;

/**
 * Every answered request of a realm, newest last, for assertions in tests.
 *
 * @example
 * await mock.clientFor('hamlet@zulip.com').messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'hi' });
 * import { expect } from 'vitest';
 * expect(mock.journal.entries.at(-1)).toMatchObject({ operation: 'send-message', status: 200 });
 */
export class RequestJournal {
  #entries: JournalEntry[] = [];

  /** The kept entries, oldest first. */
  get entries(): readonly JournalEntry[] {
    return this.#entries.length > JOURNAL_LIMIT ? this.#entries.slice(-JOURNAL_LIMIT) : this.#entries;
  }

  /** Keeps one entry, redacting secret parameters. */
  record(entry: Omit<JournalEntry, 'params'> & { readonly params: Iterable<[string, string]> }): void {
    const params: Record<string, string> = {};
    for (const [name, value] of entry.params) params[name] = SECRET_PARAMETERS.test(name) ? '[redacted]' : value;
    this.#entries.push({ ...entry, params });
    // Trimmed in batches, so a long run does not copy the whole journal on every request.
    if (this.#entries.length >= 2 * JOURNAL_LIMIT) this.#entries.splice(0, this.#entries.length - JOURNAL_LIMIT);
  }

  /** Forgets every entry. */
  clear(): void {
    this.#entries = [];
  }
}
