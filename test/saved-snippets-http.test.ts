import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('saved snippets over real HTTP', () => {
  it('creates, lists, edits and deletes; a multipart body is read like a form', async () => {
    const cordelia = http.clientFor('cordelia@zulip.com');
    const { saved_snippet_id: id } = await cordelia.savedSnippets.create({ title: ' over ', content: 'the wire' });
    expect((await cordelia.savedSnippets.list()).saved_snippets.find((snippet) => snippet.id === id)).toMatchObject({ title: 'over', content: 'the wire' });
    await cordelia.savedSnippets.edit({ saved_snippet_id: id, content: 'changed' });
    expect((await cordelia.savedSnippets.list()).saved_snippets.find((snippet) => snippet.id === id)?.content).toBe('changed');
    const body = new FormData();
    body.set('title', 'multipart');
    body.set('content', 'form');
    const response = await fetch(`${http.running.url}/api/v1/saved_snippets`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`cordelia@zulip.com:${http.running.mock.apiKeyOf('cordelia@zulip.com')}`)}` },
      body,
    });
    expect(await response.json()).toMatchObject({ result: 'success', saved_snippet_id: id + 1 });
    await cordelia.savedSnippets.delete({ saved_snippet_id: id });
    await expectApiError(cordelia.savedSnippets.delete({ saved_snippet_id: id }), { code: 'BAD_REQUEST', status: 404, msg: 'Saved snippet does not exist.' });
    expect((await cordelia.savedSnippets.list()).saved_snippets.map((snippet) => snippet.title)).toEqual(['multipart']);
  });
});
