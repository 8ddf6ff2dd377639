import type { MarkdownIt, StateInline } from 'markdown-it';
import { pushNested } from './nested-inline';
import { DEL, STAR_DELIMITER, STAR_TAGS, STRONG_EM, starCascadePlugin, starClaimAt } from './star-cascade';

function pushClaim(state: StateInline, claim: number): void {
  const end = Math.floor(claim / 4);
  const pattern = claim % 4;
  const delimiter = STAR_DELIMITER[pattern] ?? 1;
  const markup = state.src.slice(state.pos, state.pos + delimiter);
  pushNested(state, STAR_TAGS[pattern] ?? [], state.pos + delimiter, end - delimiter, end, markup);
}

// `*em*`, `**strong**`, `***both***` and `~~del~~` where the server's pattern order makes them
// (`star-cascade.ts`): the rules push what it found.
function starRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x2a /* * */) return false;
  const claim = starClaimAt(state, state.pos);
  if (claim < 0 || claim % 4 === DEL) return false;
  if (silent) {
    // Asked while reading a link's text: only `***strong em***` comes before links.
    if (claim % 4 !== STRONG_EM) return false;
    state.pos = Math.floor(claim / 4);
    return true;
  }
  pushClaim(state, claim);
  return true;
}

function delRule(state: StateInline, silent: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== 0x7e /* ~ */) return false;
  const claim = starClaimAt(state, state.pos);
  if (claim < 0 || claim % 4 !== DEL) return false;
  pushClaim(state, claim);
  return true;
}

// Underscores never emphasize in the server's dialect: they are text.
function underscoreRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5f /* _ */) return false;
  if (!silent) state.pending += '_';
  state.pos += 1;
  return true;
}

/**
 * markdown-it plugin for the server's emphasis: `*em*`, `**strong**`, `***both***` and
 * `~~del~~` as its regular expressions match them, in its pattern order, and `_` never emphasizing.
 */
export function emphasisPlugin(md: MarkdownIt): void {
  starCascadePlugin(md);
  md.disable(['emphasis', 'strikethrough']);
  md.inline.ruler.before('emphasis', 'zulip_star', starRule);
  md.inline.ruler.before('emphasis', 'zulip_del', delRule);
  md.inline.ruler.before('emphasis', 'zulip_underscore', underscoreRule);
}
