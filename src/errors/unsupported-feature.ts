import { TeamChatError } from './base';

/**
 * Thrown before sending a request the server cannot understand: the operation, or a parameter
 * or value of it, is newer than the server's feature level and has no older encoding.
 *
 * @example
 * const olderServer = new ChatClient({ site, email: username, apiKey, featureLevel: 300 });
 * try {
 *   await olderServer.typing.setForEdit({ message_id: id, op: 'start' });
 * } catch (error) {
 *   if (error instanceof UnsupportedFeatureError) console.log(`needs level ${error.neededLevel}`);
 * }
 */
export class UnsupportedFeatureError extends TeamChatError {
  override readonly name: string = 'UnsupportedFeatureError';

  /** The parameter that needs a newer server, or undefined when the operation itself does. */
  readonly parameter: string | undefined;
  /** The first feature level that supports it. */
  readonly neededLevel: number;
  /** The server's feature level. */
  readonly serverLevel: number;

  constructor(operation: string, parameter: string | undefined, neededLevel: number, serverLevel: number) {
    const what = parameter === undefined ? operation : `${operation}: parameter "${parameter}"`;
    super(`${what} needs server feature level ${neededLevel}; the server has ${serverLevel}`, operation);
    this.parameter = parameter;
    this.neededLevel = neededLevel;
    this.serverLevel = serverLevel;
  }
}
