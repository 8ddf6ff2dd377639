import { describe, expect, it } from 'vitest';
import { emailAddressName } from './email-address-name';

describe('emailAddressName', () => {
  // Expectations from the server's tests (test_email_mirror.py) and, for the others, what its
  // encode_email_address gave on CPython 3.11 with Django's slugify.
  it.each([
    ['Denmark', 'denmark'],
    ['dev. help', 'dev-help'],
    ['ąężć', 'aezc'],
    ['Тестовы some ascii letters', ''],
    ['Dänemark', 'danemark'],
    ['my channel!', ''],
    ['Core Team: Q&A!!', ''],
    ['Q&A', 'q-a'],
    ['C++ tips', 'c-tips'],
    ['a--b', 'a-b'],
    ['a b  c', 'a-b-c'],
    ['-dash-', ''],
    ['snake_case', 'snake_case'],
    ['_private', ''],
    ['new__stuff_', ''],
    ['naïve café', 'naive-cafe'],
    ['résumé 2024', 'resume-2024'],
    ['cafe\u0301', ''],
    ['Straße', ''],
    ['ﬁle', ''],
    ['½ price', ''],
    ['𝐁old', 'bold'],
    ['ＡＢＣ', 'abc'],
    ['x²', 'x2'],
    ['Room ①', 'room-1'],
    ['⒈st', '1st'],
    ['Ⅻ', ''],
    ['日本', ''],
  ])('encodes %j as %j', (name, expected) => {
    expect(emailAddressName(name)).toBe(expected);
  });
});
