import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';

/** Sends `before` as hamlet, edits it to `after`, and returns the edit's history snapshot. */
async function editSnapshot(before: string, after: string) {
  const hamlet = realm.clientFor(HAMLET);
  const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'editing', content: before });
  await hamlet.messages.update({ message_id: id, content: after });
  const { message_history } = await hamlet.messages.history({ message_id: id });
  return message_history[1];
}

// The server's own expectations (zerver/tests/test_message_edit.py, Zulip 10.2): lxml's htmldiff
// puts an insertion before the deletion it replaces and reflows the markup around them.
describe('GET /messages/{message_id}/history: content_html_diff as the server computes it', () => {
  it('a single-line edit', async () => {
    expect(await editSnapshot('content before edit', 'content after edit')).toMatchObject({
      rendered_content: '<p>content after edit</p>',
      prev_rendered_content: '<p>content before edit</p>',
      content_html_diff: '<div><p>content <span class="highlight_text_inserted">after</span> <span class="highlight_text_deleted">before</span> edit</p></div>',
    });
  });

  it('edits on new lines', async () => {
    const snapshot = await editSnapshot(
      'content before edit, line 1\n\ncontent before edit, line 3',
      'content before edit, line 1\ncontent after edit, line 2\ncontent before edit, line 3',
    );
    expect(snapshot).toMatchObject({
      prev_rendered_content: '<p>content before edit, line 1</p>\n<p>content before edit, line 3</p>',
      rendered_content: '<p>content before edit, line 1<br>\ncontent after edit, line 2<br>\ncontent before edit, line 3</p>',
      content_html_diff:
        '<div><p>content before edit, line 1<br> content <span class="highlight_text_inserted">after edit, line 2<br> content</span> before edit, line 3</p></div>',
    });
  });

  it('a link whose target changed shows both targets', async () => {
    expect(await editSnapshot('Here is a link to [zulip](www.zulip.org).', 'Here is a link to [zulip](www.zulipchat.com).')).toMatchObject({
      prev_rendered_content: '<p>Here is a link to <a href="http://www.zulip.org">zulip</a>.</p>',
      rendered_content: '<p>Here is a link to <a href="http://www.zulipchat.com">zulip</a>.</p>',
      content_html_diff:
        '<div><p>Here is a link to <a href="http://www.zulipchat.com">zulip <span class="highlight_text_inserted"> Link: http://www.zulipchat.com .</span> <span class="highlight_text_deleted"> Link: http://www.zulip.org .</span> </a></p></div>',
    });
  });
});
