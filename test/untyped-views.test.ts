import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();
const IAGO = 'iago@zulip.com';

/** The body of a request carrying a parameter no view reads. */
async function withStrayParameter(email: string, method: string, path: string): Promise<Record<string, unknown>> {
  const response = await realm.raw(email, method, `${path}${path.includes('?') ? '&' : '?'}foo=1`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('views without @typed_endpoint never answer ignored_parameters_unsupported', () => {
  it('regression: listing fields, linkifiers, alert words and domains, and deleting a field or a linkifier', async () => {
    const iago = realm.clientFor(IAGO);
    const field = (await iago.profileFields.create({ field_type: 1, name: 'Desk' })).id;
    const linkifier = (await iago.linkifiers.add({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' })).id;
    const bodies = [
      await withStrayParameter(IAGO, 'GET', '/realm/profile_fields'),
      await withStrayParameter(IAGO, 'GET', '/realm/linkifiers'),
      await withStrayParameter(IAGO, 'GET', '/users/me/alert_words'),
      await withStrayParameter('desdemona@zulip.com', 'GET', '/realm/domains'),
      await withStrayParameter(IAGO, 'DELETE', `/realm/profile_fields/${field}`),
      await withStrayParameter(IAGO, 'DELETE', `/realm/filters/${linkifier}`),
    ];
    for (const body of bodies) expect(body).not.toHaveProperty('ignored_parameters_unsupported');
    // A typed view still reports it.
    expect(await withStrayParameter(IAGO, 'POST', '/realm/profile_fields?name=Room&field_type=1')).toMatchObject({ ignored_parameters_unsupported: ['foo'] });
  });
});
