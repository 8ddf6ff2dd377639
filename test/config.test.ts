import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatClient, ConfigurationError } from '../src/node';
import { SITE, useTestRealm } from './support/mock';

const dir = mkdtempSync(join(tmpdir(), 'teamchat-config-'));

function zuliprc(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function configError(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

const KEY = 'a'.repeat(32);
const HOME_WITHOUT_FILE = { HOME: join(dir, 'empty-home') };

describe('ChatClient.fromZuliprc and fromEnv (teamchat-sdk/node)', () => {
  const realm = useTestRealm();

  it('reads the [api] section and talks to the server it names', async () => {
    const path = zuliprc('zuliprc', `[api]\nemail=hamlet@zulip.com\nkey=${realm.mock.apiKeyOf('hamlet@zulip.com')}\nsite=${SITE}\n`);
    const client = ChatClient.fromZuliprc(path, {}, HOME_WITHOUT_FILE);
    expect([client.email, client.site]).toEqual(['hamlet@zulip.com', SITE]);
    const { id } = await client.messages.send({ type: 'channel', to: 'Verona', topic: 'config', content: 'configured' });
    expect(id).toBeGreaterThan(0);
  });

  it('takes options in code over the environment over the file, as the reference client does', () => {
    const path = zuliprc('layers', `[api]\nemail=file@example.com\nkey=${KEY}\nsite=file.example.com\n`);
    const fileOnly = ChatClient.fromZuliprc(path, {}, {});
    expect([fileOnly.email, fileOnly.site]).toEqual(['file@example.com', 'https://file.example.com']);
    const env = { ZULIP_EMAIL: 'env@example.com', ZULIP_SITE: 'localhost:9991' };
    const envOverFile = ChatClient.fromZuliprc(path, {}, env);
    expect([envOverFile.email, envOverFile.site]).toEqual(['env@example.com', 'http://localhost:9991']);
    const explicit = ChatClient.fromZuliprc(path, { email: 'code@example.com' }, env);
    expect(explicit.email).toBe('code@example.com');
  });

  it('fromEnv uses ZULIP_CONFIG, else ~/.zuliprc, when the environment leaves a setting out', () => {
    const path = zuliprc('by-env', `[api]\nkey=${KEY}\nsite=https://chat.example.com/\n`);
    const client = ChatClient.fromEnv({}, { ZULIP_CONFIG: path, ZULIP_EMAIL: 'bot@example.com' });
    expect([client.email, client.site]).toEqual(['bot@example.com', 'https://chat.example.com']);
    zuliprc('.zuliprc', `[api]\nemail=home@example.com\nkey=${KEY}\nsite=https://home.example.com\n`);
    expect(ChatClient.fromEnv({}, { HOME: dir }).email).toBe('home@example.com');
  });

  it('names the missing setting, the variable to set and the file it looked for', () => {
    const error = configError(() => ChatClient.fromEnv({}, { ...HOME_WITHOUT_FILE, ZULIP_EMAIL: 'bot@example.com', ZULIP_SITE: 'x.org' }));
    expect(error.message).toBe(
      `No apiKey: pass \`apiKey\`, set ZULIP_API_KEY, or add a zuliprc file (${join(dir, 'empty-home', '.zuliprc')} does not exist)`,
    );
    const path = zuliprc('no-site', `[api]\nemail=a@example.com\nkey=${KEY}\n`);
    const fromFile = configError(() => ChatClient.fromZuliprc(path, {}, {}));
    expect(fromFile.message).toBe(`No site: pass \`site\`, set ZULIP_SITE, or add site in the [api] section of ${path}`);
    expect(fromFile.file).toBe(path);
  });

  it('explains a file that is missing, has no [api] section, or holds a bad setting', () => {
    const absent = join(dir, 'absent');
    expect(configError(() => ChatClient.fromZuliprc(absent, {}, {})).message).toMatch(new RegExp(`^Cannot read ${absent}: ENOENT`));
    const noSection = zuliprc('no-section', 'email=a@example.com\n');
    expect(configError(() => ChatClient.fromZuliprc(noSection, {}, {})).message).toBe(
      `${noSection} has no [api] section (expected email, key and site under [api])`,
    );
    const badInsecure = zuliprc('bad-insecure', `[api]\nemail=a@example.com\nkey=${KEY}\nsite=x.org\ninsecure=maybe\n`);
    expect(configError(() => ChatClient.fromZuliprc(badInsecure, {}, {})).message).toBe(
      `insecure in ${badInsecure} is set to 'maybe', it must be 'true' or 'false'`,
    );
    expect(configError(() => ChatClient.fromEnv({}, { ZULIP_ALLOW_INSECURE: 'yes' })).message).toBe(
      "The ZULIP_ALLOW_INSECURE environment variable is set to 'yes', it must be 'true' or 'false'",
    );
  });

  it("reads the file as the reference client's configparser does: ':' as '=', names in any case, '#' and ';' inside a value", async () => {
    const key = realm.mock.apiKeyOf('hamlet@zulip.com');
    const path = zuliprc('configparser', `# written by hand\n; for the bot\n[api]\nEmail: hamlet@zulip.com\nKEY : ${key}\nsite = ${SITE}\ninsecure = False\n`);
    const client = ChatClient.fromZuliprc(path, {}, HOME_WITHOUT_FILE);
    expect(client.email).toBe('hamlet@zulip.com');
    await expect(client.users.me()).resolves.toMatchObject({ email: 'hamlet@zulip.com' });
    const hash = zuliprc('hash', `[api]\nemail=bot#1;x@example.com\nkey=${KEY}\nsite=x.org\n`);
    expect(ChatClient.fromZuliprc(hash, {}, {}).email).toBe('bot#1;x@example.com');
    expect(ChatClient.fromZuliprc(hash, {}, { ZULIP_ALLOW_INSECURE: 'FALSE' }).site).toBe('https://x.org');
  });

  it('refuses TLS settings it cannot honour instead of silently ignoring them', () => {
    const insecure = zuliprc('insecure', `[api]\nemail=a@example.com\nkey=${KEY}\nsite=x.org\ninsecure=true\n`);
    expect(configError(() => ChatClient.fromZuliprc(insecure, {}, {})).message).toMatch(/^insecure connections .* are not supported/);
    const bundle = zuliprc('bundle', `[api]\nemail=a@example.com\nkey=${KEY}\nsite=x.org\ncert_bundle=/etc/ca.pem\n`);
    expect(configError(() => ChatClient.fromZuliprc(bundle, {}, {})).message).toBe(
      `cert_bundle in ${bundle} is not supported: trust a CA with NODE_EXTRA_CA_CERTS, or pass a \`fetch\` with your TLS settings`,
    );
    const plain = ChatClient.fromZuliprc(zuliprc('secure', `[api]\nemail=a@example.com\nkey=${KEY}\nsite=x.org\ninsecure=false\n`), {}, {});
    expect(plain.site).toBe('https://x.org');
  });
});
