/**
 * The root of every error the SDK throws, so `catch (e) { if (e instanceof TeamChatError) ... }`
 * separates SDK failures from programming errors.
 *
 * @example
 * const failure = await client.messages.get({ message_id: 1 }).catch((error: unknown) => error);
 * if (failure instanceof TeamChatError) console.log(failure.operation, failure.message);
 */
export class TeamChatError extends Error {
  override readonly name: string = 'TeamChatError';

  /** The operation that failed (`send-message`, or `METHOD /path` for `client.request`). */
  readonly operation: string;

  constructor(message: string, operation: string, options?: ErrorOptions) {
    super(message, options);
    this.operation = operation;
  }
}
