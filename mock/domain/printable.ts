/** What the server's `check_string_is_printable` refuses: control characters, lone surrogates and the 66 noncharacters. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** Whether one character is printable as the server's `is_character_printable` decides. */
function isPrintableCharacter(character: string): boolean {
  return !UNPRINTABLE.test(character);
}

/**
 * The 1-based position, counted in code points as Python counts, of the first character the server's
 * `check_string_is_printable` refuses; undefined when every character is printable.
 */
export function firstUnprintablePosition(text: string): number | undefined {
  if (!UNPRINTABLE.test(text)) return undefined;
  const index = [...text].findIndex((character) => !isPrintableCharacter(character));
  return index < 0 ? undefined : index + 1;
}
