import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('navigation views over real HTTP', () => {
  it('adds, lists, edits and removes a view whose fragment has slashes and escapes; a multipart body is read like a form', async () => {
    const cordelia = http.clientFor('cordelia@zulip.com');
    const fragment = 'narrow/channel/9-design/topic/50% off?';
    await cordelia.navigationViews.add({ fragment, is_pinned: true, name: 'Sale' });
    await cordelia.navigationViews.edit({ fragment, is_pinned: false, name: 'Old sale' });
    expect((await cordelia.navigationViews.list()).navigation_views).toContainEqual({ fragment, is_pinned: false, name: 'Old sale' });
    const body = new FormData();
    body.set('fragment', 'inbox');
    body.set('is_pinned', 'true');
    const response = await fetch(`${http.running.url}/api/v1/navigation_views`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`cordelia@zulip.com:${http.running.mock.apiKeyOf('cordelia@zulip.com')}`)}` },
      body,
    });
    expect(await response.json()).toEqual({ result: 'success', msg: '' });
    await cordelia.navigationViews.remove({ fragment });
    await expectApiError(cordelia.navigationViews.remove({ fragment }), { code: 'BAD_REQUEST', status: 404, msg: 'Navigation view does not exist.' });
    expect((await cordelia.navigationViews.list()).navigation_views).toEqual([{ fragment: 'inbox', is_pinned: true, name: null }]);
  });
});
