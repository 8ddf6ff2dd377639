import type { ChatClientOptions } from '../options';
import { ConfigurationError } from './errors';

/** The `[api]` section of a zuliprc file, as the reference Python client reads it. */
export interface ZuliprcSettings {
  readonly email?: string | undefined;
  readonly key?: string | undefined;
  readonly site?: string | undefined;
  /** Skip TLS certificate checks (`true`/`false`). */
  readonly insecure?: string | undefined;
  /** A CA bundle to trust. */
  readonly cert_bundle?: string | undefined;
  /** A client certificate and its key. */
  readonly client_cert?: string | undefined;
  readonly client_cert_key?: string | undefined;
}

/** A zuliprc file that was found and read. */
export interface ZuliprcFile {
  readonly path: string;
  readonly settings: ZuliprcSettings;
}

/** Where each setting may come from, in the reference client's order of precedence. */
export interface SettingSources {
  /** Options passed in code: they win. */
  readonly explicit: Partial<ChatClientOptions>;
  /** `ZULIP_EMAIL`, `ZULIP_API_KEY`, `ZULIP_SITE`, `ZULIP_ALLOW_INSECURE`, `ZULIP_CERT_BUNDLE`, ... */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The zuliprc file, when one exists. */
  readonly file: ZuliprcFile | undefined;
  /** The file that was looked for, for the error that names it. */
  readonly lookedFor: string | undefined;
}

/** `true` or `false` in any case, as the reference client's `validate_boolean_field` reads it. */
function booleanSetting(value: string, describe: string): boolean {
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw new ConfigurationError(`${describe} is set to '${value}', it must be 'true' or 'false'`);
}

/**
 * Settings the SDK cannot honour with the platform's fetch: refused by name rather than ignored,
 * since ignoring them would change what the connection trusts.
 */
function refuseTlsSettings(sources: SettingSources): void {
  const { env, file } = sources;
  const insecureEnv = env.ZULIP_ALLOW_INSECURE;
  const insecure =
    insecureEnv !== undefined
      ? booleanSetting(insecureEnv, 'The ZULIP_ALLOW_INSECURE environment variable')
      : file?.settings.insecure !== undefined
        ? booleanSetting(String(file.settings.insecure), `insecure in ${file.path}`)
        : false;
  if (insecure) {
    throw new ConfigurationError(
      'insecure connections (ZULIP_ALLOW_INSECURE / insecure = true) are not supported: pass a `fetch` that skips certificate checks if you must',
      file?.path,
    );
  }
  const tls: [string, string | undefined][] = [
    ['ZULIP_CERT_BUNDLE', env.ZULIP_CERT_BUNDLE],
    ['ZULIP_CERT', env.ZULIP_CERT],
    ['ZULIP_CERT_KEY', env.ZULIP_CERT_KEY],
    [`cert_bundle in ${file?.path}`, file?.settings.cert_bundle],
    [`client_cert in ${file?.path}`, file?.settings.client_cert],
    [`client_cert_key in ${file?.path}`, file?.settings.client_cert_key],
  ];
  const given = tls.find(([, value]) => value !== undefined && value !== '');
  if (given) {
    throw new ConfigurationError(
      `${given[0]} is not supported: trust a CA with NODE_EXTRA_CA_CERTS, or pass a \`fetch\` with your TLS settings`,
      file?.path,
    );
  }
}

function missing(name: string, envName: string, fileKey: string, sources: SettingSources): ConfigurationError {
  const where = sources.file
    ? `${fileKey} in the [api] section of ${sources.file.path}`
    : `a zuliprc file (${sources.lookedFor ?? 'none looked for: HOME is not set'} does not exist)`;
  return new ConfigurationError(`No ${name}: pass \`${name}\`, set ${envName}, or add ${where}`, sources.file?.path);
}

/**
 * Chooses each setting as the reference Python client does: options passed in code, then the
 * environment, then the zuliprc file.
 */
export function resolveClientOptions(sources: SettingSources): ChatClientOptions {
  const { explicit, env, file } = sources;
  refuseTlsSettings(sources);
  const email = explicit.email ?? env.ZULIP_EMAIL ?? file?.settings.email;
  const apiKey = explicit.apiKey ?? env.ZULIP_API_KEY ?? file?.settings.key;
  const site = explicit.site ?? env.ZULIP_SITE ?? file?.settings.site;
  if (site === undefined || site === '') throw missing('site', 'ZULIP_SITE', 'site', sources);
  if (email === undefined || email === '') throw missing('email', 'ZULIP_EMAIL', 'email', sources);
  if (apiKey === undefined || apiKey === '') throw missing('apiKey', 'ZULIP_API_KEY', 'key', sources);
  return { ...explicit, site, email, apiKey };
}
