import * as z from 'zod/mini';
import { defineEndpoint } from '../../../src/contract/endpoint';
import { realmIconUrl, realmLogoUrl } from '../../domain/realm-config/icon';
import type { MockRequest } from '../../http/mock-request';
import type { Implementation } from '../../http/operation';
import { Redirect } from '../../http/redirect';

/** `GET /realm/icon`: a redirect to the organization's icon, for pages that show it. Not in the SDK. */
export const getRealmIcon = defineEndpoint({
  id: 'get-realm-icon',
  method: 'GET',
  path: '/realm/icon',
  params: z.object({}),
  response: z.looseObject({}),
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `GET /realm/logo`: a redirect to the organization's day or night logo. Not in the SDK. */
export const getRealmLogo = defineEndpoint({
  id: 'get-realm-logo',
  method: 'GET',
  path: '/realm/logo',
  params: z.object({ night: z.boolean() }),
  response: z.looseObject({}),
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/**
 * The server's `append_url_query_string`: the request's query string, as sent (`night` and any
 * other parameter included), after the URL's own query (the image's `version`).
 */
function withQueryOf(request: MockRequest, url: string): string {
  const query = new URL(request.url).search.slice(1);
  const mark = url.indexOf('?');
  const [base, own] = mark === -1 ? [url, ''] : [url.slice(0, mark), url.slice(mark + 1)];
  const joined = own + (own && query ? '&' : '') + query;
  return joined ? `${base}?${joined}` : base;
}

/** The icon's address, uploaded or the Gravatar, with the request's query string. */
export const getRealmIconRoute: Implementation<typeof getRealmIcon> = ({ state, request }) =>
  new Redirect(withQueryOf(request, realmIconUrl(state)));

/** The day or night logo's address, uploaded or the default image, with the request's query string. */
export const getRealmLogoRoute: Implementation<typeof getRealmLogo> = ({ state, request, params }) =>
  new Redirect(withQueryOf(request, realmLogoUrl(state, params.night)));
