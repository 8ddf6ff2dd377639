import { describe, expect, it } from 'vitest';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('drafts over real HTTP', () => {
  it('creates, lists, edits and deletes', async () => {
    const cordelia = http.clientFor('cordelia@zulip.com');
    const { ids } = await cordelia.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'over the wire' }] });
    const id = ids[0] as number;
    expect((await cordelia.drafts.list()).drafts.map((draft) => draft.id)).toContain(id);
    await cordelia.drafts.edit({ draft_id: id, draft: { type: '', to: [], topic: '', content: 'changed' } });
    expect((await cordelia.drafts.list()).drafts.find((draft) => draft.id === id)?.content).toBe('changed');
    await cordelia.drafts.delete({ draft_id: id });
    expect((await cordelia.drafts.list()).drafts.map((draft) => draft.id)).not.toContain(id);
  });
});
