import type { MockState } from './state';

/**
 * The address of one of the server's static files (`staticfiles_storage.url`): its `STATIC_URL`
 * is `/static/` on the server's own address, absolute. A production server also puts a content
 * hash in the file name, which the mock, like the development server, does not.
 */
export function staticFileUrl(state: Pick<MockState, 'realm'>, path: string): string {
  return `${state.realm.url}/static/${path}`;
}
