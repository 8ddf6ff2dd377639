import { camoPath } from '../camo/camo-url';
import type { CamoSettings } from '../camo/settings';

/** What the server's Camo rewrite of media sources reads from the render environment. */
export interface ExternalMediaEnv {
  /** The server's Camo, or undefined without it (`CAMO_URI = ""`). */
  readonly camo?: CamoSettings | undefined;
  /** The realm's address: media on it are not proxied. */
  readonly realmUrl?: string | undefined;
}

// The scheme and network location Python's `urlsplit` finds (scheme lower-cased, netloc as written).
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const NETLOC = /^\/\/([^/?#]*)/;

interface SplitUrl {
  readonly scheme: string;
  readonly netloc: string;
}

function splitUrl(url: string): SplitUrl {
  const scheme = SCHEME.exec(url);
  const rest = scheme ? url.slice(scheme[0].length) : url;
  return { scheme: scheme?.[1]?.toLowerCase() ?? '', netloc: NETLOC.exec(rest)?.[1] ?? '' };
}

// The realm's URL rarely changes, and splitting it for every medium would add up.
let lastRealmUrl = '';
let lastRealm: SplitUrl = { scheme: '', netloc: '' };
function realmParts(realmUrl: string): SplitUrl {
  if (realmUrl !== lastRealmUrl) {
    lastRealm = splitUrl(realmUrl);
    lastRealmUrl = realmUrl;
  }
  return lastRealm;
}

/** The realm's network location as its URL writes it (Python's `urlsplit`), which the server compares links' and media's to. */
export function realmNetloc(realmUrl: string): string {
  return realmParts(realmUrl).netloc;
}

/**
 * Whether the server loads a medium as it is (`is_static_or_current_realm_url`): a relative URL
 * (static files, uploads), or one on the realm's own host with the realm's scheme; the host as
 * written, so another port or credentials before it make it external.
 */
function isStaticOrRealmUrl(url: string, realmUrl: string | undefined): boolean {
  const { scheme, netloc } = splitUrl(url);
  if (netloc === '' && scheme === '') return true;
  if (realmUrl === undefined) return false;
  const realm = realmParts(realmUrl);
  return netloc === realm.netloc && scheme === realm.scheme;
}

/**
 * Where a rendered image, video or audio player loads a medium from: through the server's Camo
 * (`{CAMO_URI}{digest}/{hex URL}`, its `InlineImageProcessor` / `InlineVideoProcessor`) unless
 * Camo is off or the medium is the realm's own; `url` as typed (unescaped), the result unescaped.
 */
export function externalMediaSource(url: string, env: ExternalMediaEnv): string {
  return env.camo === undefined || isStaticOrRealmUrl(url, env.realmUrl) ? url : camoUrl(url, env.camo);
}

/** The server's `get_camo_url`: the URL through Camo, or as it is without Camo. */
export function camoUrl(url: string, camo: CamoSettings | undefined): string {
  return camo === undefined ? url : `${camo.uri}${camoPath(url, camo.key)}`;
}
