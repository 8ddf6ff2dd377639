import { TeamChatError } from '../errors/base';

/**
 * A client could not be configured: a setting is missing or malformed, or the file is unreadable.
 *
 * @example
 * import { ChatClient } from 'teamchat-sdk/node';
 * try {
 *   ChatClient.fromZuliprc('~/missing-zuliprc');
 * } catch (error) {
 *   if (error instanceof ConfigurationError) console.error(error.message);
 * }
 */
export class ConfigurationError extends TeamChatError {
  override readonly name: string = 'ConfigurationError';

  /** The file the setting was read from, when there was one. */
  readonly file: string | undefined;

  constructor(message: string, file?: string, options?: ErrorOptions) {
    super(message, 'configure-client', options);
    this.file = file;
  }
}
