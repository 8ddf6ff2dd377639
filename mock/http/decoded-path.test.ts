import { describe, expect, it } from 'vitest';
import { decodedPath } from './decoded-path';

// Each expected path is what Django 3.2's get_path_info gives for the bytes a WSGI server decodes.
const DJANGO_PATH_INFO: readonly (readonly [string, string])[] = [
  ['/a%20b.txt', '/a b.txt'],
  ['/%C3%A1%E2%82%AC%F0%9F%98%80', '/á€😀'],
  ['/a%EF%BB%BFb', '/a\ufeffb'],
  ['/x%FF%20y', '/x%FF y'],
  ['/%E2%82', '/%E2%82'],
  ['/%E2%82A', '/%E2%82A'],
  ['/%ED%A0%80', '/%ED%A0%80'],
  ['/%C0%AF', '/%C0%AF'],
  ['/%F4%90%80%80', '/%F4%90%80%80'],
  ['/100%', '/100%'],
  ['/%zz', '/%zz'],
  ['/%2525', '/%25'],
  ['/%2F', '//'],
];

describe('decodedPath', () => {
  it.each(DJANGO_PATH_INFO)("%s is Django's %s (UTF-8 decoded, a byte that is no part of it escaped again)", (sent, pathInfo) => {
    expect(decodedPath(sent)).toBe(pathInfo);
  });
});
