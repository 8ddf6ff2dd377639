import type { NarrowOperand, NarrowTermInput, NarrowTermObject } from './schemas/narrow';

/** `is:` operands. */
export type IsOperand =
  | 'dm'
  | 'private'
  | 'starred'
  | 'mentioned'
  | 'alerted'
  | 'unread'
  | 'resolved'
  | 'followed'
  | 'muted';

/** `has:` operands. */
export type HasOperand = 'link' | 'attachment' | 'image' | 'reaction';

/** A narrow as methods accept it: a {@link Narrow} built with {@link narrow}, or plain terms (either form). */
export type NarrowInput = Narrow | readonly NarrowTermInput[];

/**
 * An immutable list of narrow terms: every method returns a new narrow with one more term.
 * `not` negates the next term. Serializes (`toJSON`, {@link toNarrowTerms}) to the wire's object form.
 *
 * @example
 * const lunch = narrow().channel('Verona').topic('lunch').is('unread');
 * const notMine = narrow().channel('Verona').not.sender('iago@zulip.com');
 * await client.messages.list({ narrow: lunch, anchor: 'newest', num_before: 50 });
 */
export class Narrow {
  readonly #terms: readonly NarrowTermObject[];
  readonly #negateNext: boolean;

  /** @internal use {@link narrow} */
  constructor(terms: readonly NarrowTermObject[] = [], negateNext = false) {
    this.#terms = Object.freeze([...terms]);
    this.#negateNext = negateNext;
  }

  /** The terms, in the object form. */
  get terms(): readonly NarrowTermObject[] {
    return this.#terms;
  }

  /** The same narrow, with the next term negated: `narrow().not.is('starred')`. */
  get not(): Narrow {
    return new Narrow(this.#terms, !this.#negateNext);
  }

  /** Adds any term; the typed methods below cover the server's operators. */
  term(operator: string, operand: NarrowOperand): Narrow {
    const added: NarrowTermObject = this.#negateNext ? { operator, operand, negated: true } : { operator, operand };
    return new Narrow([...this.#terms, added]);
  }

  /** Messages in a channel, by name (case-insensitive) or ID. */
  channel(nameOrId: string | number): Narrow {
    return this.term('channel', nameOrId);
  }

  /** Messages in every public channel (`public`, including unsubscribed history) or web-public channel. */
  channels(which: 'public' | 'web-public'): Narrow {
    return this.term('channels', which);
  }

  /** Messages in a topic (case-insensitive). */
  topic(name: string): Narrow {
    return this.term('topic', name);
  }

  /** Messages sent by a user, by email or ID. */
  sender(emailOrId: string | number): Narrow {
    return this.term('sender', emailOrId);
  }

  /** Exactly one direct-message conversation: the other participants' user IDs or emails. */
  dm(participants: readonly number[] | readonly string[] | string): Narrow {
    const operand = typeof participants === 'string' ? participants : participants.join(',');
    return this.term('dm', isIdList(participants) ? [...participants] : operand);
  }

  /** Every direct message whose participants include this user (by email or ID). */
  dmIncluding(emailOrId: string | number): Narrow {
    return this.term('dm-including', emailOrId);
  }

  /** Messages with a flag or state: `unread`, `starred`, `mentioned`, `dm`, `resolved`, ... */
  is(what: IsOperand): Narrow {
    return this.term('is', what);
  }

  /** Messages that have a link, an attachment, an image or a reaction. */
  has(what: HasOperand): Narrow {
    return this.term('has', what);
  }

  /** `home` leaves out muted channels and topics; `all` changes nothing. */
  in(where: 'home' | 'all'): Narrow {
    return this.term('in', where);
  }

  /** Exactly one message. */
  id(messageId: number): Narrow {
    return this.term('id', messageId);
  }

  /** The conversation that now contains this message (GET /messages only). */
  with(messageId: number): Narrow {
    return this.term('with', messageId);
  }

  /** An anchoring hint for clients; the server does not filter by it. */
  near(messageId: number): Narrow {
    // The server takes `near` only as a string ("operand is not a string" for an integer).
    return this.term('near', String(messageId));
  }

  /** Full-text search: every word (stemmed), and "quoted phrases" literally. */
  search(text: string): Narrow {
    return this.term('search', text);
  }

  /** The terms in the object form, for `JSON.stringify`. */
  toJSON(): NarrowTermObject[] {
    return [...this.#terms];
  }
}

function isIdList(value: readonly number[] | readonly string[] | string): value is readonly number[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'number');
}

/**
 * Starts a narrow; terms given here (either form) come first.
 *
 * @example
 * narrow().channel('Verona').topic('lunch').is('unread');
 * narrow([['stream', 'Verona']]).not.sender('iago@zulip.com');
 */
export function narrow(terms: readonly NarrowTermInput[] = []): Narrow {
  return new Narrow(terms.map(toObjectTerm));
}

function toObjectTerm(term: NarrowTermInput): NarrowTermObject {
  if (!Array.isArray(term)) return term as NarrowTermObject;
  const [operator, operand] = term as readonly [string, string];
  return { operator, operand };
}

/**
 * The wire terms of a narrow given either way; plain lists pass through unchanged (legacy pairs stay pairs).
 *
 * @example
 * toNarrowTerms(narrow().channel('design').topic('logo')); // [{ operator: 'channel', operand: 'design' }, ...]
 */
export function toNarrowTerms(input: NarrowInput): NarrowTermInput[] {
  return input instanceof Narrow ? input.toJSON() : [...input];
}
