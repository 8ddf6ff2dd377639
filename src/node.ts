/**
 * teamchat-sdk/node: the SDK plus configuration from the environment and zuliprc files, and
 * uploads from file paths and streams, which read `process.env` and the file system and so stay
 * out of the browser entry.
 *
 * @packageDocumentation
 * @module teamchat-sdk/node
 */
import { ChatClient as BaseChatClient } from './client';
import { ConfigurationError } from './config/errors';
import { resolveClientOptions } from './config/settings';
import { findZuliprc, readZuliprc, zuliprcPath } from './config/zuliprc';
import type { ChatClientOptions } from './options';

/**
 * {@link BaseChatClient | ChatClient} with constructors that read the reference Python client's
 * configuration: options passed in code, then `ZULIP_EMAIL` / `ZULIP_API_KEY` / `ZULIP_SITE`,
 * then the `[api]` section of a zuliprc file (`ZULIP_CONFIG`, default `~/.zuliprc`).
 *
 * @example
 * const client = ChatClient.fromEnv({ userAgent: 'my-bot/1.0' });
 */
export class ChatClient extends BaseChatClient {
  /**
   * A client configured from the environment, with a zuliprc file filling in what the
   * environment leaves out when one exists.
   *
   * @example
   * // ZULIP_EMAIL=bot@example.com ZULIP_API_KEY=... ZULIP_SITE=https://chat.example.com node bot.js
   * const client = ChatClient.fromEnv({ userAgent: 'my-bot/1.0' });
   */
  static fromEnv(options: Partial<ChatClientOptions> = {}, env: NodeJS.ProcessEnv = process.env): ChatClient {
    const { file, lookedFor } = findZuliprc(undefined, env);
    return new ChatClient(resolveClientOptions({ explicit: options, env, file, lookedFor }));
  }

  /**
   * A client configured from a zuliprc file (default: `ZULIP_CONFIG`, else `~/.zuliprc`), which
   * must exist; the environment and `options` still take precedence over it, as in the
   * reference client.
   *
   * @example
   * const client = ChatClient.fromZuliprc('~/zuliprc-bot');
   */
  static fromZuliprc(
    path?: string,
    options: Partial<ChatClientOptions> = {},
    env: NodeJS.ProcessEnv = process.env,
  ): ChatClient {
    const chosen = zuliprcPath(path, env);
    if (chosen === undefined) throw new ConfigurationError('No zuliprc path given and HOME is not set');
    const file = readZuliprc(chosen);
    return new ChatClient(resolveClientOptions({ explicit: options, env, file, lookedFor: chosen }));
  }
}

// The bundle renames this class (the base class has its name too); printed, it says ChatClient.
Object.defineProperty(ChatClient, 'name', { value: 'ChatClient' });

export * from './index';
export { ConfigurationError } from './config/errors';
export { fileFromPath, fileFromStream } from './uploads/node-files';
export type { ZuliprcSettings } from './config/settings';
