import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parse, safe } from 'ini';
import { ConfigurationError } from './errors';
import type { ZuliprcFile, ZuliprcSettings } from './settings';

const KNOWN_KEYS = ['email', 'key', 'site', 'insecure', 'cert_bundle', 'client_cert', 'client_cert_key'] as const;

/** The file to read: the given path, else `ZULIP_CONFIG`, else `~/.zuliprc`; `~` expanded. */
export function zuliprcPath(path: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const chosen = path ?? env.ZULIP_CONFIG;
  const home = env.HOME ?? homedir();
  if (chosen === undefined) return home ? resolve(home, '.zuliprc') : undefined;
  return resolve(chosen.replace(/^~(?=$|[/\\])/, home));
}

/**
 * An option line as Python's `configparser` (the reference client's reader) splits it: the name
 * up to the first `=` or `:`, both stripped. Section headers and whole-line comments do not match.
 */
const CONFIGPARSER_OPTION = /^\s*([^\s[;#][^=:]*?)\s*[=:]\s*(.*?)\s*$/;

/**
 * The text with each option line rewritten in the INI syntax the `ini` package reads, so that it
 * reads what `configparser` reads: `name: value` as `name = value`, the name lower-cased, and a
 * `#` or `;` inside the value kept (configparser knows no inline comments; `ini` would cut there).
 */
function asIniText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const option = CONFIGPARSER_OPTION.exec(line);
      return option ? `${(option[1] ?? '').toLowerCase()} = ${safe(option[2] ?? '')}` : line;
    })
    .join('\n');
}

/** Reads the `[api]` section of a zuliprc file (INI); names the file in every error. */
export function readZuliprc(path: string): ZuliprcFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`Cannot read ${path}: ${(error as Error).message}`, path, { cause: error });
  }
  const parsed = parse(asIniText(text)) as Record<string, unknown>;
  const section = parsed.api;
  if (typeof section !== 'object' || section === null) {
    throw new ConfigurationError(`${path} has no [api] section (expected email, key and site under [api])`, path);
  }
  const settings: Record<string, string> = {};
  for (const key of KNOWN_KEYS) {
    const value = (section as Record<string, unknown>)[key];
    if (value === undefined) continue;
    // The INI reader turns `true`/`false` into booleans; the settings keep the text.
    if (typeof value !== 'string' && typeof value !== 'boolean') {
      throw new ConfigurationError(`${key} in the [api] section of ${path} must be a single value`, path);
    }
    settings[key] = String(value);
  }
  return { path, settings: settings as ZuliprcSettings };
}

/** Reads the zuliprc file at the chosen path, if it exists. */
export function findZuliprc(path: string | undefined, env: Readonly<Record<string, string | undefined>>) {
  const chosen = zuliprcPath(path, env);
  return { lookedFor: chosen, file: chosen !== undefined && existsSync(chosen) ? readZuliprc(chosen) : undefined };
}
