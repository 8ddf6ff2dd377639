import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../src/index';
import { apiFailure } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();
const IAGO = 'iago@zulip.com';
const BLANK = 'This field cannot be blank.';

/** What a call's BadRequestError says: HTTP status, `msg` and the field-keyed `errors`. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; msg: string; errors: unknown }> {
  const error = await apiFailure(call);
  expect(error).toBeInstanceOf(BadRequestError);
  return { status: error.status, msg: error.msg, errors: error instanceof BadRequestError ? error.errors : undefined };
}

describe('linkifiers: the model validation\'s errors by field (ValidationFailureError)', () => {
  it('regression: every problem of full_clean is in errors, msg is the first, on add and update', async () => {
    const linkifiers = realm.clientFor(IAGO).linkifiers;
    const add = (pattern: string, url_template: string) => refusal(linkifiers.add({ pattern, url_template }));
    expect(await add('', '')).toEqual({ status: 400, msg: BLANK, errors: { pattern: [BLANK], url_template: [BLANK] } });
    // The model's clean runs even when a field failed.
    expect(await add('', 'https://example.com/{id}')).toEqual({
      status: 400,
      msg: BLANK,
      errors: { pattern: [BLANK], __all__: ["Group 'id' in URL template is not present in linkifier pattern."] },
    });
    expect(await add('(foo', '{id')).toEqual({
      status: 400,
      msg: 'Invalid URL template.',
      errors: { url_template: ['Invalid URL template.'], __all__: ['Bad regular expression: missing ): (foo'] },
    });
    expect(await add('#(?P<id>[0-9]+)', 'https://example.com/')).toEqual({
      status: 400,
      msg: "Group 'id' in linkifier pattern is not present in URL template.",
      errors: { __all__: ["Group 'id' in linkifier pattern is not present in URL template."] },
    });
    const { id } = await linkifiers.add({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' });
    const duplicate = 'Realm filter with this Realm and Pattern already exists.';
    expect(await add('#(?P<id>[0-9]+)', 'https://example.com/{id}')).toEqual({ status: 400, msg: duplicate, errors: { __all__: [duplicate] } });
    expect(await add('#(?P<id>[0-9]+)', 'https://example.com/')).toEqual({
      status: 400,
      msg: "Group 'id' in linkifier pattern is not present in URL template.",
      errors: { __all__: ["Group 'id' in linkifier pattern is not present in URL template.", duplicate] },
    });
    const other = (await linkifiers.add({ pattern: 'PR-(?P<id>[0-9]+)', url_template: 'https://example.com/pr/{id}' })).id;
    expect(await refusal(linkifiers.update({ filter_id: other, pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.com/pr/{id}' }))).toEqual({
      status: 400,
      msg: duplicate,
      errors: { __all__: [duplicate] },
    });
    expect(await refusal(linkifiers.update({ filter_id: id, pattern: '', url_template: 'https://example.com/{id}' }))).toMatchObject({
      errors: { pattern: [BLANK] },
    });
  });
});

describe('code playgrounds: the model validation\'s errors by field', () => {
  const RUST = { name: 'Rust playground', pygments_language: 'Rust', url_template: 'https://play.example.com/?code={code}' };

  it('regression: blank fields, the template\'s variables and duplicates, all reported in errors', async () => {
    const iago = realm.clientFor(IAGO);
    expect(await refusal(iago.realm.addPlayground({ name: ' ', pygments_language: ' ', url_template: ' ' }))).toEqual({
      status: 400,
      msg: BLANK,
      errors: {
        url_template: [BLANK],
        name: [BLANK],
        pygments_language: [BLANK],
        __all__: ['Missing the required variable "code" in the URL template'],
      },
    });
    expect(await refusal(iago.realm.addPlayground({ ...RUST, name: '', url_template: 'https://x.com/{code' }))).toEqual({
      status: 400,
      msg: 'Invalid URL template.',
      errors: { url_template: ['Invalid URL template.'], name: [BLANK] },
    });
    await iago.realm.addPlayground(RUST);
    const duplicate = 'Realm playground with this Realm, Pygments language and Name already exists.';
    expect(await refusal(iago.realm.addPlayground({ ...RUST, url_template: 'https://x.com/{lang}?q={code}' }))).toEqual({
      status: 400,
      msg: '"code" should be the only variable present in the URL template',
      errors: { __all__: ['"code" should be the only variable present in the URL template', duplicate] },
    });
  });

  it('regression: a language ending in a line feed passes the view\'s check ($ before a final newline) and is stored stripped', async () => {
    const iago = realm.clientFor(IAGO);
    const { id } = await iago.realm.addPlayground({ ...RUST, pygments_language: 'Python\n' });
    const { realm_playgrounds } = await iago.events.register({ fetch_event_types: ['realm_playgrounds'] });
    expect(realm_playgrounds?.find((playground) => playground.id === id)?.pygments_language).toBe('Python');
  });

  it('regression: the language\'s length counts characters: 30 emoji are not too long, only invalid characters', async () => {
    expect(await refusal(realm.clientFor(IAGO).realm.addPlayground({ ...RUST, pygments_language: '😀'.repeat(30) }))).toEqual({
      status: 400,
      msg: 'Invalid characters in pygments language',
      errors: undefined,
    });
  });

  it('regression: URL templates follow uri_template 1.3.0 (the version 10.2 pins), not strict RFC 6570', async () => {
    const iago = realm.clientFor(IAGO);
    const add = (url_template: string, name: string) => iago.realm.addPlayground({ ...RUST, name, url_template });
    for (const [index, template] of ['https://x.com/{,code}', 'https://x.com/{code,}', 'https://x.com/{code.}', 'https://x.com/{code:05}', 'https://x.com/{code=x}'].entries()) {
      await add(template, `accepted ${index}`);
    }
    for (const template of ['https://x.com/{code:9999}', 'https://x.com/{%41}', 'https://x.com/{code:0}', 'https://x.com/{code,,x}']) {
      expect(await refusal(add(template, 'refused'))).toMatchObject({ msg: 'Invalid URL template.', errors: { url_template: ['Invalid URL template.'] } });
    }
    // Dots belong to names: the only variable here is `code..x`.
    expect(await refusal(add('https://x.com/{code..x}', 'dots'))).toMatchObject({ msg: 'Missing the required variable "code" in the URL template' });
  });
});

describe('linkifier URL templates: read and expanded as uri_template 1.3.0 does', () => {
  it('regression: {,id} is valid and expands with its comma; {id:9999} is not a template', async () => {
    const iago = realm.clientFor(IAGO);
    await iago.linkifiers.add({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.com/issues{,id}' });
    expect(await refusal(iago.linkifiers.add({ pattern: 'PR(?P<id>[0-9]+)', url_template: 'https://example.com/{id:9999}' }))).toMatchObject({
      msg: 'Invalid URL template.',
    });
    const { rendered } = await iago.messages.render({ content: 'see #42' });
    expect(rendered).toBe('<p>see <a href="https://example.com/issues,42">#42</a></p>');
  });
});
