import { describe, expect, it } from 'vitest';
import data from './sequence-matcher-cases.json';
import { sequenceOpcodes } from './sequence-matcher';

// CPython's own opcodes for sequences short and long (from 200 elements, autojunk drops popular ones).
describe(`sequenceOpcodes matches difflib.SequenceMatcher (Python ${data.python})`, () => {
  it.each(data.cases.map((testCase, index) => [index, testCase] as const))('case %i', (_index, { a, b, opcodes }) => {
    const actual = sequenceOpcodes([...a], [...b]).map(({ tag, aStart, aEnd, bStart, bEnd }) => [tag, aStart, aEnd, bStart, bEnd]);
    expect(actual).toEqual(opcodes);
  });
});
