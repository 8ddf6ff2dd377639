import { SERVER_EMOJI_NAMES } from './server-emoji-names';
import { UNICODE_EMOJI_NAMES } from './unicode-emoji-names';

let codeByName: Map<string, string> | undefined;

function namesIndex(): Map<string, string> {
  if (!codeByName) {
    codeByName = new Map();
    for (const [code, names] of Object.entries(UNICODE_EMOJI_NAMES)) {
      for (const alias of names.split(' ')) codeByName.set(alias, code);
    }
    // The server's names win over emojibase's for the same word.
    for (const [code, name] of Object.entries(SERVER_EMOJI_NAMES)) codeByName.set(name, code);
  }
  return codeByName;
}

/** The code of a unicode emoji name (`octopus` → `1f419`), or undefined for an unknown name. */
export function unicodeEmojiCode(name: string): string | undefined {
  return namesIndex().get(name);
}

/** Whether a unicode emoji has this code (`1f44d`, lower-case, without U+FE0F). */
export function isUnicodeEmojiCode(code: string): boolean {
  return Object.hasOwn(UNICODE_EMOJI_NAMES, code);
}

/** The server's name for a unicode emoji code (`1f642` → `smile`), or undefined for an unknown code. */
export function unicodeEmojiName(code: string): string | undefined {
  const server = SERVER_EMOJI_NAMES[code];
  if (server !== undefined) return server;
  const names = UNICODE_EMOJI_NAMES[code];
  return names === undefined ? undefined : names.split(' ', 1)[0];
}
