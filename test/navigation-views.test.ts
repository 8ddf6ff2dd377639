import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { serverAt, unsupported } from './support/older-server';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const notFound = { code: 'BAD_REQUEST', status: 404, msg: 'Navigation view does not exist.' };
const exists = bad('Navigation view already exists.');
const builtInNamed = bad('Built-in views cannot have a custom name.');

/** A request the SDK would not send, answered as status and body (or the HTML page's status alone). */
async function raw(method: string, path: string, fields: Record<string, string> = {}, email = 'hamlet@zulip.com') {
  const response = await realm.raw(email, method, path, method === 'GET' ? undefined : new URLSearchParams(fields));
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : text.slice(0, 15) };
}

describe('navigation views', () => {
  it('adds built-in and named custom views, stripped, and lists them in the order they were added', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.navigationViews.list()).toEqual({ navigation_views: [] });
    expect(await hamlet.navigationViews.add({ fragment: ' recent\n', is_pinned: true })).toEqual({});
    await hamlet.navigationViews.add({ fragment: 'narrow/channel/9-design', is_pinned: false, name: '\u00a0Design ' });
    await hamlet.navigationViews.add({ fragment: 'inbox', is_pinned: false });
    expect(await hamlet.navigationViews.list()).toEqual({
      navigation_views: [
        { fragment: 'recent', is_pinned: true, name: null },
        { fragment: 'narrow/channel/9-design', is_pinned: false, name: 'Design' },
        { fragment: 'inbox', is_pinned: false, name: null },
      ],
    });
  });

  it("refuses a name on a built-in view, a custom view without one, and a fragment or name the user's views already have", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.navigationViews.add({ fragment: 'recent', is_pinned: true });
    await expectApiError(hamlet.navigationViews.add({ fragment: 'recent', is_pinned: true, name: 'foo' }), builtInNamed);
    await expectApiError(hamlet.navigationViews.add({ fragment: 'narrow/is/starred', is_pinned: true, name: 'Stars' }), builtInNamed);
    await expectApiError(hamlet.navigationViews.add({ fragment: 'narrow/view', is_pinned: true }), bad('Custom views must have a valid name.'));
    await hamlet.navigationViews.add({ fragment: 'narrow/view', is_pinned: true, name: 'foo' });
    await expectApiError(hamlet.navigationViews.add({ fragment: 'recent', is_pinned: false }), exists);
    await expectApiError(hamlet.navigationViews.add({ fragment: 'narrow/view', is_pinned: false, name: 'bar' }), exists);
    await expectApiError(hamlet.navigationViews.add({ fragment: 'narrow/is/attachment', is_pinned: true, name: 'foo' }), exists);
    // Names compare exactly: another case is another name.
    await hamlet.navigationViews.add({ fragment: 'narrow/is/attachment', is_pinned: true, name: 'Foo' });
    // Another user's views are theirs: the same fragment and name are free for them.
    await realm.clientFor('othello@zulip.com').navigationViews.add({ fragment: 'narrow/view', is_pinned: true, name: 'foo' });
  });

  it('reads the parameters in order with the server\'s messages: fragment, is_pinned, then name; blank after stripping is refused', async () => {
    expect(await raw('POST', '/navigation_views', {})).toEqual({
      status: 400,
      body: { result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'fragment' argument", var_name: 'fragment' },
    });
    expect(await raw('POST', '/navigation_views', { fragment: ' ', is_pinned: 'maybe' })).toMatchObject({ status: 400, body: { msg: 'fragment cannot be blank' } });
    expect(await raw('POST', '/navigation_views', { fragment: 'inbox' })).toMatchObject({ status: 400, body: { msg: "Missing 'is_pinned' argument" } });
    expect(await raw('POST', '/navigation_views', { fragment: 'inbox', is_pinned: 'maybe', name: '' })).toMatchObject({ status: 400, body: { msg: 'is_pinned is not valid JSON' } });
    expect(await raw('POST', '/navigation_views', { fragment: 'inbox', is_pinned: '1' })).toMatchObject({ status: 400, body: { msg: 'is_pinned is not a boolean' } });
    expect(await raw('POST', '/navigation_views', { fragment: 'narrow/x', is_pinned: 'true', name: ' \t' })).toMatchObject({ status: 400, body: { msg: 'name cannot be blank' } });
    // POST is a typed view: an unknown parameter is reported; GET is not.
    expect(await raw('POST', '/navigation_views', { fragment: 'inbox', is_pinned: 'true', color: 'red' })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['color'] },
    });
    expect(await raw('GET', '/navigation_views?color=red')).toEqual({
      status: 200,
      body: { result: 'success', msg: '', navigation_views: [{ fragment: 'inbox', is_pinned: true, name: null }] },
    });
  });

  it('edits whether a view is pinned and a custom view\'s name, by a fragment with slashes; checks the name before looking the view up', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.navigationViews.add({ fragment: 'inbox', is_pinned: true });
    await hamlet.navigationViews.add({ fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert Words' });
    await hamlet.navigationViews.add({ fragment: 'narrow/is/attachment', is_pinned: true, name: 'Attachments' });
    expect(await hamlet.navigationViews.edit({ fragment: 'inbox', is_pinned: false })).toEqual({});
    await hamlet.navigationViews.edit({ fragment: 'narrow/is/alerted', is_pinned: false, name: ' Watched Phrases ' });
    await hamlet.navigationViews.edit({ fragment: 'narrow/is/attachment' });
    expect((await hamlet.navigationViews.list()).navigation_views).toEqual([
      { fragment: 'inbox', is_pinned: false, name: null },
      { fragment: 'narrow/is/alerted', is_pinned: false, name: 'Watched Phrases' },
      { fragment: 'narrow/is/attachment', is_pinned: true, name: 'Attachments' },
    ]);
    await expectApiError(hamlet.navigationViews.edit({ fragment: 'inbox', is_pinned: true, name: 'Inbox View' }), builtInNamed);
    // A built-in fragment with a name is refused even when the user has no such view.
    await expectApiError(hamlet.navigationViews.edit({ fragment: 'recent', name: 'Recent' }), builtInNamed);
    await expectApiError(hamlet.navigationViews.edit({ fragment: 'narrow/is/attachment', is_pinned: false, name: 'Watched Phrases' }), exists);
    // The view's own name is taken too, and a taken name wins over a view that does not exist.
    await expectApiError(hamlet.navigationViews.edit({ fragment: 'narrow/is/attachment', name: 'Attachments' }), exists);
    await expectApiError(hamlet.navigationViews.edit({ fragment: 'nonexistent', name: 'Attachments' }), exists);
    await expectApiError(hamlet.navigationViews.edit({ fragment: 'nonexistent', is_pinned: false, name: 'New view' }), notFound);
    await expectApiError(hamlet.navigationViews.edit({ fragment: 'nonexistent' }), notFound);
    await expectApiError(hamlet.navigationViews.edit({ fragment: 'narrow/is/alerted', name: '' }), bad('name cannot be blank'));
  });

  it('sends the fragment in the path with its slashes, escaping the rest; the server also takes escaped slashes, and reads the path as it comes', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const fragment = 'narrow/channel/9-design/topic/50% off?#x';
    await hamlet.navigationViews.add({ fragment, is_pinned: true, name: 'Sale' });
    await hamlet.navigationViews.edit({ fragment, is_pinned: false });
    const path = realm.mock.journal.entries.at(-1)?.path;
    expect(path).toBe('/api/v1/navigation_views/narrow/channel/9-design/topic/50%25%20off%3F%23x');
    expect(await raw('PATCH', '/navigation_views/narrow%2Fchannel%2F9-design%2Ftopic%2F50%25%20off%3F%23x', { is_pinned: 'true' })).toMatchObject({ status: 200 });
    expect((await hamlet.navigationViews.list()).navigation_views).toEqual([{ fragment, is_pinned: true, name: 'Sale' }]);
    // No stripping of the path: a fragment with a trailing slash or a space is another fragment.
    await hamlet.navigationViews.add({ fragment: 'inbox', is_pinned: true });
    expect(await raw('PATCH', '/navigation_views/inbox/', { is_pinned: 'false' })).toMatchObject({ status: 404, body: { msg: 'Navigation view does not exist.' } });
    expect(await raw('DELETE', '/navigation_views/%20inbox')).toMatchObject({ status: 404 });
    // A fragment given in the body of PATCH is not read (the path's is): it is reported as ignored.
    expect(await raw('PATCH', '/navigation_views/inbox', { fragment: 'recent' })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['fragment'] },
    });
    // No fragment at all is no route: the server's HTML 404 page; GET on a fragment is a 405.
    expect(await raw('PATCH', '/navigation_views/', { is_pinned: 'false' })).toEqual({ status: 404, body: '<!DOCTYPE html>' });
    expect(await raw('GET', '/navigation_views/narrow/is/starred')).toEqual({
      status: 405,
      body: { result: 'error', msg: 'Method Not Allowed', allowed_methods: ['PATCH', 'DELETE'] },
    });
  });

  it("removes a view; others' views are not found, as views that do not exist", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    await hamlet.navigationViews.add({ fragment: 'recent', is_pinned: true });
    await hamlet.navigationViews.add({ fragment: 'narrow/is/followed', is_pinned: true, name: 'Followed' });
    expect(await othello.navigationViews.list()).toEqual({ navigation_views: [] });
    await expectApiError(othello.navigationViews.edit({ fragment: 'recent', is_pinned: false }), notFound);
    await expectApiError(othello.navigationViews.remove({ fragment: 'recent' }), notFound);
    expect(await hamlet.navigationViews.remove({ fragment: 'recent' })).toEqual({});
    await hamlet.navigationViews.remove({ fragment: 'narrow/is/followed' });
    expect(await hamlet.navigationViews.list()).toEqual({ navigation_views: [] });
    await expectApiError(hamlet.navigationViews.remove({ fragment: 'recent' }), notFound);
    // DELETE is a plain view: what it is sent beside the path is not reported.
    await hamlet.navigationViews.add({ fragment: 'feed', is_pinned: true });
    expect(await raw('DELETE', '/navigation_views/feed', { is_pinned: 'true' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
  });

  it('lets guests and bots keep views too', async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    await polonius.navigationViews.add({ fragment: 'feed', is_pinned: false });
    expect((await polonius.navigationViews.list()).navigation_views).toEqual([{ fragment: 'feed', is_pinned: false, name: null }]);
  });

  it('sends navigation_view events to the owner only, update with only what changed, and the register state follows them', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    await hamlet.navigationViews.add({ fragment: 'inbox', is_pinned: true });
    const othelloQueue = await othello.events.register({ event_types: ['navigation_view'] });
    const events = await verifyAction(
      hamlet,
      async () => {
        await hamlet.navigationViews.add({ fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alerts' });
        await hamlet.navigationViews.edit({ fragment: 'inbox', is_pinned: false });
        await hamlet.navigationViews.edit({ fragment: 'narrow/is/alerted', name: 'Watched' });
        await hamlet.navigationViews.edit({ fragment: 'narrow/is/alerted' });
        await hamlet.navigationViews.remove({ fragment: 'inbox' });
      },
      { event_types: ['navigation_view', 'navigation_views'] },
    );
    expect(events).toEqual([
      { type: 'navigation_view', op: 'add', navigation_view: { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alerts' }, id: 0 },
      { type: 'navigation_view', op: 'update', fragment: 'inbox', data: { is_pinned: false }, id: 1 },
      { type: 'navigation_view', op: 'update', fragment: 'narrow/is/alerted', data: { name: 'Watched' }, id: 2 },
      { type: 'navigation_view', op: 'update', fragment: 'narrow/is/alerted', data: {}, id: 3 },
      { type: 'navigation_view', op: 'remove', fragment: 'inbox', id: 4 },
    ]);
    const theirs = await othello.events.get({ queue_id: othelloQueue.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(theirs.events.filter((event) => event.type !== 'heartbeat')).toEqual([]);
    // The state is named in the plural: a queue of the event type alone has no state, and the reverse.
    expect(othelloQueue).not.toHaveProperty('navigation_views');
    const stateOnly = await hamlet.events.register({ event_types: ['navigation_views'] });
    expect(stateOnly.navigation_views).toEqual([{ fragment: 'narrow/is/alerted', is_pinned: true, name: 'Watched' }]);
    await hamlet.navigationViews.add({ fragment: 'recent', is_pinned: true });
    const missed = await hamlet.events.get({ queue_id: stateOnly.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(missed.events.filter((event) => event.type !== 'heartbeat')).toEqual([]);
  });

  it('the full register state holds the views; a server before level 390 has neither them nor the routes', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.navigationViews.add({ fragment: 'recent', is_pinned: false });
    expect((await hamlet.events.register()).navigation_views).toEqual([{ fragment: 'recent', is_pinned: false, name: null }]);
    const { client: olderHamlet, raw: olderRaw } = serverAt(389);
    expect(await unsupported(olderHamlet.navigationViews.list())).toMatchObject({ neededLevel: 390, serverLevel: 389 });
    expect(await unsupported(olderHamlet.navigationViews.edit({ fragment: 'narrow/is/starred', is_pinned: true }))).toMatchObject({
      operation: 'edit-navigation-view',
      neededLevel: 390,
    });
    expect(await olderHamlet.events.register()).not.toHaveProperty('navigation_views');
    for (const [method, path] of [['GET', '/navigation_views'], ['POST', '/navigation_views'], ['PATCH', '/navigation_views/inbox'], ['DELETE', '/navigation_views/narrow/is/starred']] as const) {
      expect({ method, path, status: (await olderRaw(method, path)).status }).toEqual({ method, path, status: 404 });
    }
  });

  it('survives a snapshot and restore, and a restored document without the table loads empty', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.navigationViews.add({ fragment: 'recent', is_pinned: true });
    const document = realm.mock.snapshot();
    await hamlet.navigationViews.remove({ fragment: 'recent' });
    realm.mock.restore(document);
    expect((await hamlet.navigationViews.list()).navigation_views).toEqual([{ fragment: 'recent', is_pinned: true, name: null }]);
    await hamlet.navigationViews.add({ fragment: 'inbox', is_pinned: true });
    expect((await hamlet.navigationViews.list()).navigation_views.map((view) => view.fragment)).toEqual(['recent', 'inbox']);
    const { navigationView: _dropped, ...olderTables } = document.tables;
    realm.mock.restore({ ...document, tables: olderTables });
    expect(await hamlet.navigationViews.list()).toEqual({ navigation_views: [] });
  });
});
