import type { Message } from '../../src/schemas/message';
import type { SeedInput } from '../../mock/index';
import { DEFAULT_SEED } from '../../mock/seed/default-seed';
import { freshExampleScope } from './jsdoc-example-realm';
import type { JsdocExampleScope } from './jsdoc-example-scope';
import { SCOPE_NAMES } from './jsdoc-example-modules';

/**
 * What every code block of the guides may use without declaring it (see test/doc-blocks.test.ts):
 * the names of {@link JsdocExampleScope}, in a realm at the guides' site with the README's bot, and
 * the names the guides' prose introduces.
 */
export interface DocBlockScope extends JsdocExampleScope {
  /** The guides' bot, bot@example.com (a generic bot of iago's, in `general`): a block's `email`. */
  readonly email: string;
  /** bot@example.com's API key (the `apiKey` beside `email`). */
  readonly apiKey: string;
  /** The message `id`, as `messages.get` answers it to `client`. */
  readonly message: Message;
  /** Message IDs: `[id]`. */
  readonly ids: number[];
}

export const DOC_BLOCK_SCOPE_NAMES: readonly string[] = [...SCOPE_NAMES, 'email', 'message', 'ids'];

/** The site the guides write (`new ChatClient({ site: 'https://chat.example.com', ... })`), answered by the mock. */
const SITE = 'https://chat.example.com';
const BOT = 'bot@example.com';
/** The default realm, with the README's bot and the channel the guides send to. */
const SEED: SeedInput = {
  ...DEFAULT_SEED,
  users: [...(DEFAULT_SEED.users ?? []), { email: BOT, full_name: 'Deploy Bot', bot_type: 1, bot_owner: 'iago@zulip.com' }],
  channels: [...(DEFAULT_SEED.channels ?? []), { name: 'general', description: '', subscribers: [BOT, 'iago@zulip.com', 'hamlet@zulip.com'] }],
};

/** A fresh realm for one block; `took` collects the error checks that held. */
export async function freshDocBlockScope(took: Set<string>, code: string): Promise<DocBlockScope> {
  const scope = await freshExampleScope(took, code, { site: SITE, seed: SEED });
  const { message } = await scope.client.messages.get({ message_id: scope.id });
  return { ...scope, email: BOT, apiKey: scope.mock.apiKeyOf(BOT), message, ids: [scope.id] };
}
