import type { JsdocExample } from './jsdoc-examples';

/**
 * Why an example is type-checked but not run in-process, or undefined when it runs: what it needs
 * is not in a test's process (a browser, files, the environment, a test runner's hooks, a server
 * that fails on purpose).
 */
export function typeCheckOnlyReason(example: JsdocExample): string | undefined {
  return BY_FILE.find(([file]) => example.file === file)?.[1] ?? BY_SYMBOL.get(`${example.symbol} ${example.file}`);
}

const BY_FILE: readonly (readonly [string, string])[] = [
  ['mock/runtimes/browser.ts', 'a browser: msw service worker'],
  ['src/node.ts', 'the environment and a zuliprc file'],
  ['src/uploads/node-files.ts', 'files on disk'],
];

const BY_SYMBOL = new Map<string, string>([
  ['TypingNotifier src/events/typing-notifier.ts', 'a browser: the DOM'],
  ['TypingResource.notifier src/resources/typing.ts', 'a browser: the DOM'],
  ['READABLE_STATE_VERSIONS mock/persistence/state-document.ts', 'a file on disk'],
  ['StateFormatError mock/persistence/load-state.ts', 'a file on disk'],
  ['parseSeed mock/seed/load.ts', 'a file on disk'],
  ['setupMockServer mock/runtimes/node.ts', "a test runner's hooks"],
  ['MockServer.reset mock/index.ts', "a test runner's hooks"],
  ['RequestJournal mock/http/journal.ts', "a test runner's expect"],
  ['ApiClient src/api-client.ts', 'a real site (chat.example.com)'],
  ['ChatClient src/client.ts', 'a real site (chat.example.com)'],
  ['UnrecognizedApiError src/errors/api-errors.ts', 'a server newer than the SDK (an error code it does not know)'],
  ['RateLimitError src/errors/request-errors.ts', 'a server that limits the rate'],
  ['ServerError src/errors/server-error.ts', 'a failing server'],
  ['NetworkError src/errors/transport-errors.ts', 'a failing network'],
  ['TimeoutError src/errors/transport-errors.ts', 'a server that does not answer in time'],
  ['UnexpectedResponseError src/errors/transport-errors.ts', 'a server that answers no JSON envelope (a proxy page)'],
  ['ResponseValidationError src/errors/transport-errors.ts', 'a server whose answer breaks the schema'],
  [
    'PasswordResetRequiredError src/errors/auth-errors.ts',
    'a server whose password hasher changed: it answers this only when a correct password is too weak to rehash (zproject/backends.py), which no API call makes and the mock does not model',
  ],
  ['NonexistentSubdomainError src/errors/auth-errors.ts', 'a site with no organization at its address: the mock serves one organization, at its baseUrl'],
]);
