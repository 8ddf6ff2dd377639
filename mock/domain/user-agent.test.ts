import { describe, expect, it } from 'vitest';
import { isPronounsFieldTypeSupported, versionLessThan } from './user-agent';

describe('versionLessThan (the server test_compatibility cases)', () => {
  const cases: [string, '<' | '=' | '>' | '?', string][] = [
    ['1.2.3', '<', '1.2.4'],
    ['1.2.3', '=', '1.2.3'],
    ['1.4.1', '>', '1.2.3'],
    ['1.002a', '=', '1.2a'],
    ['1.2', '<', '1.2.3'],
    ['1.2.3', '?', '1.2-dev'],
    ['1.2-dev', '?', '1.2a'],
    ['1.2a', '?', '1.2rc3'],
    ['1.2rc3', '?', '1.2'],
    ['1.2', '?', '1.2-g0f1e2d3c4'],
    ['10.1', '>', '1.2'],
    ['0.17.18', '<', '16.2.96'],
    ['20.0.103', '>', '16.2.96'],
    ['', '?', '1'],
    ['', '?', 'a'],
  ];
  it.each(cases)('%s %s %s', (a, comparison, b) => {
    const expected = { '<': [true, false], '=': [false, false], '>': [false, true], '?': [undefined, undefined] }[comparison];
    expect([versionLessThan(a, b), versionLessThan(b, a)]).toEqual(expected);
  });
});

describe('isPronounsFieldTypeSupported', () => {
  it('is false only for the Zulip mobile app before 27.192', () => {
    expect(isPronounsFieldTypeSupported('ZulipMobile/27.191 (Android 10)')).toBe(false);
    expect(isPronounsFieldTypeSupported('ZulipMobile/27 (iOS 17)')).toBe(false);
    for (const agent of ['ZulipMobile/27.192 (iOS 17)', 'ZulipMobile/27.192beta', 'ZulipElectron/1.0', 'ZulipMobile', null]) {
      expect(isPronounsFieldTypeSupported(agent), String(agent)).toBe(true);
    }
  });
});
