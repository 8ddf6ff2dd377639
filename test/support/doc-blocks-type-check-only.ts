import type { DocBlock } from './doc-blocks';

/**
 * Why a guide's code block is type-checked but not run in-process (test/doc-blocks.test.ts), or
 * undefined when it runs: what it needs is not in a test's process, or another test runs it.
 * A block is named by its page and a text only it holds, so that editing the page moves no entry.
 */
export function typeCheckOnlyBlockReason(block: DocBlock): string | undefined {
  return TYPE_CHECK_ONLY.find(([page, text]) => block.page === page && block.code.includes(text))?.[2];
}

const TYPE_CHECK_ONLY: readonly (readonly [page: string, text: string, reason: string])[] = [
  ['README.md', '', 'test/readme.test.ts runs the quick starts, in the realm they name, with the environment and the Ctrl-C they expect'],
  ['docs/mock.md', 'setupMockWorker(', 'a browser: a service worker'],
  ['docs/mock.md', 'localStorage', "a browser: localStorage and the page's pagehide event"],
  ['docs/sdk.md', 'ChatClient.fromEnv(', 'the environment and a zuliprc file'],
];
