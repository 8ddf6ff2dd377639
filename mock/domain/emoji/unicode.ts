import { UNICODE_EMOJI_NAMES } from './unicode-emoji-names';

let codeByName: Map<string, string> | undefined;

/** The code of a unicode emoji name (`octopus` → `1f419`), or undefined for an unknown name. */
export function unicodeEmojiCode(name: string): string | undefined {
  if (!codeByName) {
    codeByName = new Map();
    for (const [code, names] of Object.entries(UNICODE_EMOJI_NAMES)) {
      for (const alias of names.split(' ')) codeByName.set(alias, code);
    }
  }
  return codeByName.get(name);
}

/** Whether a unicode emoji has this code (`1f44d`, lower-case, without U+FE0F). */
export function isUnicodeEmojiCode(code: string): boolean {
  return Object.hasOwn(UNICODE_EMOJI_NAMES, code);
}
