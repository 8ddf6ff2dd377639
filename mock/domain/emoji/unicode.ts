import SERVER_EMOJI_NAMES from './server-emoji-names.json';

/** The server's names of each unicode emoji code: canonical name first, then its aliases, space-separated. */
const NAMES_BY_CODE = SERVER_EMOJI_NAMES as Readonly<Record<string, string>>;

let codeByName: Map<string, string> | undefined;

function namesIndex(): Map<string, string> {
  if (!codeByName) {
    codeByName = new Map();
    for (const [code, names] of Object.entries(NAMES_BY_CODE)) {
      for (const name of names.split(' ')) codeByName.set(name, code);
    }
  }
  return codeByName;
}

/** The code of a unicode emoji name, canonical or alias (`octopus` → `1f419`), or undefined for an unknown name. */
export function unicodeEmojiCode(name: string): string | undefined {
  return namesIndex().get(name);
}

/** Whether a unicode emoji has this code (`1f44d`, lower-case, without U+FE0F). */
export function isUnicodeEmojiCode(code: string): boolean {
  return Object.hasOwn(NAMES_BY_CODE, code);
}

/** The server's canonical name of a unicode emoji code (`1f642` → `slight_smile`), or undefined for an unknown code. */
export function unicodeEmojiName(code: string): string | undefined {
  const names = NAMES_BY_CODE[code];
  return names === undefined ? undefined : names.split(' ', 1)[0];
}
