import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient, UnsupportedFeatureError } from '../src/index';
import { expectApiError } from './support/failure';
import { SITE, useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const notFound = { code: 'BAD_REQUEST', status: 404, msg: 'Saved snippet does not exist.' };

/** A form-encoded request the SDK would not send, answered as status and body. */
async function form(method: string, path: string, fields: Record<string, string>, email = 'hamlet@zulip.com') {
  const response = await realm.raw(email, method, path, new URLSearchParams(fields));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('saved snippets', () => {
  it('creates snippets stripped of surrounding whitespace, lists them oldest first with their creation time', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.savedSnippets.list()).toEqual({ saved_snippets: [] });
    realm.clock.set(1_700_000_000_900);
    const { saved_snippet_id: first } = await hamlet.savedSnippets.create({ title: '  Welcome message\n', content: '\t**Welcome** to the organization. ' });
    realm.clock.set(1_700_000_100_000);
    const { saved_snippet_id: second } = await hamlet.savedSnippets.create({ title: 'Bye', content: 'See you' });
    expect(second).toBeGreaterThan(first);
    expect(await hamlet.savedSnippets.list()).toEqual({
      saved_snippets: [
        { id: first, title: 'Welcome message', content: '**Welcome** to the organization.', date_created: 1_700_000_000 },
        { id: second, title: 'Bye', content: 'See you', date_created: 1_700_000_100 },
      ],
    });
  });

  it('refuses blank and too long titles and contents, title first, in characters after stripping', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.savedSnippets.create({ title: 'A'.repeat(120), content: 'x' }), bad('title is too long (limit: 60 characters)'));
    await expectApiError(hamlet.savedSnippets.create({ title: '', content: 'x' }), bad('title cannot be blank'));
    await expectApiError(hamlet.savedSnippets.create({ title: ' \u00a0\n', content: '' }), bad('title cannot be blank'));
    await expectApiError(hamlet.savedSnippets.create({ title: 'ok', content: '   ' }), bad('content cannot be blank'));
    await expectApiError(hamlet.savedSnippets.create({ title: 'ok', content: 'x'.repeat(10_001) }), bad('content is too long (limit: 10000 characters)'));
    // Characters, not UTF-16 units: 60 emoji fit; whitespace around a full title is stripped first.
    const { saved_snippet_id } = await hamlet.savedSnippets.create({ title: ` ${'😀'.repeat(60)} `, content: `${'x'.repeat(10_000)}\n` });
    const [snippet] = (await hamlet.savedSnippets.list()).saved_snippets;
    expect(snippet).toMatchObject({ id: saved_snippet_id, title: '😀'.repeat(60) });
    expect(snippet?.content).toHaveLength(10_000);
    await expectApiError(hamlet.savedSnippets.create({ title: '😀'.repeat(61), content: 'x' }), bad('title is too long (limit: 60 characters)'));
  });

  it('reports a missing title before a missing content', async () => {
    expect(await form('POST', '/saved_snippets', {})).toEqual({
      status: 400,
      body: { result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'title' argument", var_name: 'title' },
    });
    expect(await form('POST', '/saved_snippets', { title: 'x' })).toMatchObject({ status: 400, body: { msg: "Missing 'content' argument" } });
    expect(await form('POST', '/saved_snippets', { content: '' })).toMatchObject({ status: 400, body: { msg: "Missing 'title' argument" } });
  });

  it('edits the title, the content or both; an edit of nothing succeeds without looking the snippet up', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    realm.clock.set(1_600_000_000_000);
    const { saved_snippet_id: id } = await hamlet.savedSnippets.create({ title: 'Welcome message', content: '**Welcome** to the organization.' });
    realm.clock.set(1_700_000_000_000);
    await hamlet.savedSnippets.edit({ saved_snippet_id: id, title: ' New title ' });
    await hamlet.savedSnippets.edit({ saved_snippet_id: id, content: 'New content' });
    expect((await hamlet.savedSnippets.list()).saved_snippets).toEqual([{ id, title: 'New title', content: 'New content', date_created: 1_600_000_000 }]);
    await hamlet.savedSnippets.edit({ saved_snippet_id: id, title: 'Both', content: 'changed' });
    expect((await hamlet.savedSnippets.list()).saved_snippets).toEqual([{ id, title: 'Both', content: 'changed', date_created: 1_600_000_000 }]);
    expect(await hamlet.savedSnippets.edit({ saved_snippet_id: id })).toEqual({});
    expect(await hamlet.savedSnippets.edit({ saved_snippet_id: 10 })).toEqual({});
    await expectApiError(hamlet.savedSnippets.edit({ saved_snippet_id: 10, content: 'New content' }), notFound);
    await expectApiError(hamlet.savedSnippets.edit({ saved_snippet_id: id, title: '  ' }), bad('title cannot be blank'));
    await expectApiError(hamlet.savedSnippets.edit({ saved_snippet_id: id, title: 'x'.repeat(61), content: '' }), bad('title is too long (limit: 60 characters)'));
    await expectApiError(hamlet.savedSnippets.edit({ saved_snippet_id: 10, content: '' }), bad('content cannot be blank'));
  });

  it('keeps snippets per user: others neither see, edit nor delete them (404, as for no snippet)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const { saved_snippet_id: id } = await hamlet.savedSnippets.create({ title: 'mine', content: 'mine' });
    expect(await othello.savedSnippets.list()).toEqual({ saved_snippets: [] });
    await expectApiError(othello.savedSnippets.edit({ saved_snippet_id: id, title: 'theirs' }), notFound);
    await expectApiError(othello.savedSnippets.delete({ saved_snippet_id: id }), notFound);
    await hamlet.savedSnippets.delete({ saved_snippet_id: id });
    expect(await hamlet.savedSnippets.list()).toEqual({ saved_snippets: [] });
    await expectApiError(hamlet.savedSnippets.delete({ saved_snippet_id: id }), notFound);
  });

  it('lets guests keep snippets too', async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    const { saved_snippet_id } = await polonius.savedSnippets.create({ title: 'guest', content: 'hello' });
    expect((await polonius.savedSnippets.list()).saved_snippets.map((snippet) => snippet.id)).toEqual([saved_snippet_id]);
  });

  it('sends saved_snippets events to the owner only, and the register state follows them', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const { saved_snippet_id: kept } = await hamlet.savedSnippets.create({ title: 'kept', content: 'first' });
    const othelloQueue = await othello.events.register({ event_types: ['saved_snippets'] });
    let created = 0;
    const events = await verifyAction(
      hamlet,
      async () => {
        created = (await hamlet.savedSnippets.create({ title: 'new', content: 'second' })).saved_snippet_id;
        await hamlet.savedSnippets.edit({ saved_snippet_id: kept, content: 'edited' });
        await hamlet.savedSnippets.edit({ saved_snippet_id: kept });
        await hamlet.savedSnippets.delete({ saved_snippet_id: created });
      },
      { event_types: ['saved_snippets'] },
    );
    const now = Math.floor(realm.clock.now() / 1000);
    expect(events).toEqual([
      { type: 'saved_snippets', op: 'add', saved_snippet: { id: created, title: 'new', content: 'second', date_created: now }, id: 0 },
      { type: 'saved_snippets', op: 'update', saved_snippet: { id: kept, title: 'kept', content: 'edited', date_created: now }, id: 1 },
      { type: 'saved_snippets', op: 'remove', saved_snippet_id: created, id: 2 },
    ]);
    const theirs = await othello.events.get({ queue_id: othelloQueue.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(theirs.events.filter((event) => event.type !== 'heartbeat')).toEqual([]);
    expect(othelloQueue.saved_snippets).toEqual([]);
  });

  it('the full register state holds the snippets; a server before level 297 has neither them nor the routes', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.savedSnippets.create({ title: 't', content: 'c' });
    expect((await hamlet.events.register()).saved_snippets?.map((snippet) => snippet.title)).toEqual(['t']);
    const older = createMockServer({ featureLevel: 296 });
    const olderHamlet = new ChatClient({ site: SITE, email: 'hamlet@zulip.com', apiKey: older.apiKeyOf('hamlet@zulip.com'), fetch: older.fetch });
    await expect(olderHamlet.savedSnippets.list()).rejects.toBeInstanceOf(UnsupportedFeatureError);
    expect(await olderHamlet.events.register({ event_types: ['saved_snippets'] })).not.toHaveProperty('saved_snippets');
  });

  it('editing needs level 368: an older server has create and delete but not PATCH', async () => {
    const older = createMockServer({ featureLevel: 367 });
    const olderHamlet = new ChatClient({ site: SITE, email: 'hamlet@zulip.com', apiKey: older.apiKeyOf('hamlet@zulip.com'), fetch: older.fetch, maxRetries: 0 });
    const { saved_snippet_id } = await olderHamlet.savedSnippets.create({ title: 't', content: 'c' });
    await expect(olderHamlet.savedSnippets.edit({ saved_snippet_id, title: 'u' })).rejects.toMatchObject({ operation: 'edit-saved-snippet', neededLevel: 368 });
    const response = await older.fetch(`${SITE}/api/v1/saved_snippets/${saved_snippet_id}`, {
      method: 'PATCH',
      headers: { authorization: `Basic ${btoa(`hamlet@zulip.com:${older.apiKeyOf('hamlet@zulip.com')}`)}` },
      body: new URLSearchParams({ title: 'u' }),
    });
    expect(response.status).toBe(405);
    await olderHamlet.savedSnippets.delete({ saved_snippet_id });
  });

  it('survives a snapshot and restore, and a restored document without the table loads empty', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { saved_snippet_id } = await hamlet.savedSnippets.create({ title: 'kept', content: 'across' });
    const document = realm.mock.snapshot();
    await hamlet.savedSnippets.delete({ saved_snippet_id });
    realm.mock.restore(document);
    expect((await hamlet.savedSnippets.list()).saved_snippets.map((snippet) => snippet.id)).toEqual([saved_snippet_id]);
    expect((await hamlet.savedSnippets.create({ title: 'next', content: 'id' })).saved_snippet_id).toBe(saved_snippet_id + 1);
    const { savedSnippet: _dropped, ...olderTables } = document.tables;
    realm.mock.restore({ ...document, tables: olderTables });
    expect(await hamlet.savedSnippets.list()).toEqual({ saved_snippets: [] });
  });
});
