import { describe, expect, it } from 'vitest';
import { gif, png } from './support/image-bytes';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const badImage = (msg: string) => ({ code: 'BAD_IMAGE', status: 400, msg });
const pngFile = (name = 'emoji.png') => new File([png(64, 64)], name, { type: 'image/png' });
const emojiNamed = async (name: string) => {
  const { emoji } = await realm.clientFor('hamlet@zulip.com').customEmoji.list();
  return Object.values(emoji).find((entry) => entry.name === name);
};

describe('customEmoji.list (GET /realm/emoji)', () => {
  it("lists every custom emoji by ID as text, with its image's URL", async () => {
    const { emoji } = await realm.clientFor('polonius@zulip.com').customEmoji.list();
    const [id, greenTick] = Object.entries(emoji)[0] ?? [];
    expect(greenTick).toEqual({
      id,
      name: 'green_tick',
      source_url: `/user_avatars/${realm.mock.realm.id}/emoji/images/${id}.png`,
      still_url: null,
      deactivated: false,
      author_id: realm.userId('iago@zulip.com'),
    });
  });
});

describe('customEmoji.upload (POST /realm/emoji/{emoji_name})', () => {
  it('adds an emoji that messages and reactions can use at once, with a realm_emoji event (acceptance test)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => hamlet.customEmoji.upload({ emoji_name: 'party time', content: png(32, 32), filename: 'party.png', contentType: 'image/png' }));
    expect(events).toEqual([expect.objectContaining({ type: 'realm_emoji', op: 'update' })]);
    const added = await emojiNamed('party_time');
    expect(added).toMatchObject({ author_id: realm.userId('hamlet@zulip.com'), deactivated: false, still_url: null });
    expect(added?.source_url).toMatch(new RegExp(`^/user_avatars/${realm.mock.realm.id}/emoji/images/[0-9a-f]{8}\\.png$`));
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'emoji', content: ':party_time:' });
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.content).toBe(`<p><img alt=":party_time:" class="emoji" src="${added?.source_url}" title="party time"></p>`);
    await realm.clientFor('othello@zulip.com').reactions.add({ message_id: id, emoji_name: 'party_time' });
    expect((await hamlet.messages.get({ message_id: id })).message.reactions).toEqual([
      { emoji_name: 'party_time', emoji_code: added?.id, reaction_type: 'realm_emoji', user_id: realm.userId('othello@zulip.com') },
    ]);
  });

  it('bytes named by their file go out typed by the extension; an image sent as application/octet-stream is refused, as by the server', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.customEmoji.upload({ emoji_name: 'by_name', content: png(8, 8), filename: 'logo.png' });
    expect(await emojiNamed('by_name')).toBeDefined();
    const form = new FormData();
    form.append('file', new File([png(8, 8)], 'logo.png', { type: 'application/octet-stream' }));
    const response = await realm.raw('hamlet@zulip.com', 'POST', '/realm/emoji/untyped', form);
    expect(await response.json()).toEqual({ result: 'error', msg: 'Invalid image format', code: 'BAD_IMAGE' });
  });

  it('an animated image also gets a still image', async () => {
    await realm.clientFor('hamlet@zulip.com').customEmoji.upload({ emoji_name: 'spinner', content: new File([gif(16, 16, 3)], 'spinner.gif', { type: 'image/gif' }) });
    const spinner = await emojiNamed('spinner');
    expect(spinner?.source_url).toMatch(/\/emoji\/images\/([0-9a-f]{8})\.gif$/);
    expect(spinner?.still_url).toBe(spinner?.source_url.replace(/images\/([0-9a-f]{8})\.gif$/, 'images/still/$1.png'));
  });

  it("refuses in the server's order: name, permission, a name in use, one file, built-in names, size, type, decoding", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const file = pngFile();
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: '  ', content: file }), bad('Emoji name is missing'));
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'Upper', content: file }), bad('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'));
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'trailing_', content: file }), bad('Emoji names must end with either a letter or digit.'));
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'green_tick', content: file }), bad('A custom emoji with this name already exists.'));
    const noFile = await realm.raw('hamlet@zulip.com', 'POST', '/realm/emoji/fresh', new FormData());
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual({ result: 'error', msg: 'You must upload exactly one file.', code: 'BAD_REQUEST' });
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'octopus', content: file }), bad('Only administrators can override default emoji.'));
    await realm.clientFor('iago@zulip.com').customEmoji.upload({ emoji_name: 'octopus', content: file });
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'huge', content: new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }) }), bad('Uploaded file is larger than the allowed limit of 5 MiB'));
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'svg', content: new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }) }), badImage('Invalid image format'));
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'undecodable', content: new File(['not a png'], 'x.png', { type: 'image/png' }) }), badImage('Could not decode image; did you upload an image file?'));
    // Two rules broken at once: the earlier check answers.
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'svg_huge', content: new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'x.svg', { type: 'image/svg+xml' }) }), bad('Uploaded file is larger than the allowed limit of 5 MiB'));
    realm.mock.realm.can_add_custom_emoji_group = realm.groupId('role:administrators');
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'green_tick', content: file }), bad('Insufficient permission'));
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'Bad Name', content: file }), bad('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'));
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'fresh', content: file }), bad('Insufficient permission'));
    await expectApiError(realm.clientFor('polonius@zulip.com').customEmoji.upload({ emoji_name: 'fresh', content: file }), bad('Not allowed for guest users'));
    expect(await emojiNamed('fresh')).toBeUndefined();
  });
});

describe('custom emoji names as the server routes and strips them', () => {
  const invalidName = bad('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.');
  const uploadRaw = (path: string) => {
    const form = new FormData();
    form.append('file', pngFile());
    return realm.raw('hamlet@zulip.com', 'POST', `/realm/emoji/${path}`, form);
  };

  it('a name with a slash reaches the name checks, as the route takes the rest of the path (regression: 404 Not Found)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const upload = await uploadRaw('a/b');
    expect({ status: upload.status, body: await upload.json() }).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: invalidName.msg } });
    await expectApiError(hamlet.customEmoji.upload({ emoji_name: 'a/b', content: pngFile() }), invalidName);
    const missing = { code: 'BAD_REQUEST', status: 404, msg: "Emoji 'a/b' does not exist" };
    const removal = await realm.raw('hamlet@zulip.com', 'DELETE', '/realm/emoji/a/b');
    expect({ status: removal.status, body: await removal.json() }).toEqual({ status: 404, body: { result: 'error', code: missing.code, msg: missing.msg } });
    await expectApiError(hamlet.customEmoji.deactivate({ emoji_name: 'a/b' }), missing);
  });

  it('a name with dot segments names itself, not the emoji the segments would resolve to (regression: x/../green_tick deactivated green_tick)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const missing = { code: 'BAD_REQUEST', status: 404, msg: "Emoji 'x/../green_tick' does not exist" };
    await expectApiError(hamlet.customEmoji.deactivate({ emoji_name: 'x/../green_tick' }), missing);
    const { emoji } = await hamlet.customEmoji.list();
    expect(Object.values(emoji).find((entry) => entry.name === 'green_tick')?.deactivated).toBe(false);
  });

  it("strips the name with Python's whitespace: U+001C goes, U+FEFF stays and is refused (regression: JavaScript's trim)", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    let upload: Response | undefined;
    await verifyAction(hamlet, async () => {
      upload = await uploadRaw('%1Cfoo');
    });
    expect(await upload?.json()).toEqual({ result: 'success', msg: '' });
    expect(await emojiNamed('foo')).toMatchObject({ deactivated: false });
    const refused = await uploadRaw('%EF%BB%BFbar');
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: invalidName.msg } });
  });
});

describe('customEmoji.deactivate (DELETE /realm/emoji/{emoji_name})', () => {
  it('its author or an administrator deactivates it: still listed, no longer usable (acceptance test)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.customEmoji.upload({ emoji_name: 'hamlet_mark', content: pngFile() });
    await expectApiError(realm.clientFor('othello@zulip.com').customEmoji.deactivate({ emoji_name: 'hamlet_mark' }), bad('Must be an organization administrator or emoji author'));
    const events = await verifyAction(hamlet, () => hamlet.customEmoji.deactivate({ emoji_name: 'hamlet_mark' }));
    expect(events).toEqual([expect.objectContaining({ type: 'realm_emoji', op: 'update' })]);
    expect(await emojiNamed('hamlet_mark')).toMatchObject({ deactivated: true });
    await expectApiError(hamlet.customEmoji.deactivate({ emoji_name: 'hamlet_mark' }), { code: 'BAD_REQUEST', status: 404, msg: "Emoji 'hamlet_mark' does not exist" });
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'emoji', content: ':hamlet_mark:' });
    expect((await hamlet.messages.get({ message_id: id })).message.content).toBe('<p>:hamlet_mark:</p>');
    await realm.clientFor('iago@zulip.com').customEmoji.deactivate({ emoji_name: 'green_tick' });
    // The name is free again.
    await hamlet.customEmoji.upload({ emoji_name: 'hamlet_mark', content: pngFile() });
    expect(Object.values((await hamlet.customEmoji.list()).emoji).filter((entry) => entry.name === 'hamlet_mark').map((entry) => entry.deactivated)).toEqual([true, false]);
  });
});
