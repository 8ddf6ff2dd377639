import type { HttpMock } from './http';
import { isLoopback } from './http-policy';

/**
 * What the running server prints: a warning when it listens on `host` beyond loopback (on stderr;
 * worse with `devEndpoints`, which hand out keys), then its URL, feature level and each user's API key.
 */
export function printBanner(server: HttpMock, host: string, devEndpoints: boolean): void {
  if (!isLoopback(host)) {
    process.stderr.write(
      `teamchat-mock: warning: listening on ${host}, reachable beyond this machine; the mock is a test server` +
        `${devEndpoints ? ' and hands any user\'s API key to anyone through /dev_fetch_api_key (--no-dev-endpoints turns it off)' : ''}\n`,
    );
  }
  const lines = server.mock.store.tables.user
    .all()
    .map((user) => `  ${user.delivery_email.padEnd(28)} ${user.api_key}${user.is_active ? '' : ' (deactivated)'}`);
  process.stdout.write(
    `teamchat-mock listening on ${server.url} (API at ${server.url}/api/v1, feature level ${server.mock.state.featureLevel})\nusers and API keys:\n${lines.join('\n')}\n`,
  );
}
