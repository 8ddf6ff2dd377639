import { describe, expect, it } from 'vitest';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('drafts over real HTTP', () => {
  it('works over real HTTP', async () => {
    const cordelia = http.clientFor('cordelia@zulip.com');
    const { ids } = await cordelia.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'over the wire' }] });
});
