import type { Env, MarkdownIt, StateInline } from 'markdown-it';
import { mayStartMention } from '../before-mention';
import { escapeText } from '../escape';
import { crossesEarlierSpan } from './star-cascade';
import { linkedChannelNames } from '../linked-channel-names';

/** A channel link as written: `#**channel**`, `#**channel>topic**` or `#**channel>topic@123**`. */
export interface ChannelLinkSyntax {
  readonly channel: string;
  readonly topic?: string | undefined;
  readonly messageId?: number | undefined;
}

/** The `<a>` a resolved channel link renders as: attributes in the server's order, and its text. */
export interface ChannelLinkAnchor {
  readonly attributes: readonly (readonly [string, string])[];
  readonly text: string;
  /** A link to the empty topic: after `text`, the topic's display name in `<em>`, then `tail`. */
  readonly emptyTopic?: { readonly name: string; readonly tail: string };
}

/** The render environment the plugin reads. */
export interface ChannelLinkEnv extends Env {
  /** The link, or undefined to leave the text to the other rules (unknown channel). */
  readonly resolveChannelLink: (syntax: ChannelLinkSyntax) => ChannelLinkAnchor | undefined;
  /** Set by the plugin from the raw message: the names the server looks up (see `linkedChannelNames`). */
  linkedChannelNames?: ReadonlySet<string> | undefined;
}

// The server's three forms, tried most specific first.
const MESSAGE_LINK = /^#\*\*([^*>]+)>([^*]*?)@(\d+)\*\*/;
const TOPIC_LINK = /^#\*\*([^*>]+)>([^*]*)\*\*/;
const CHANNEL_LINK = /^#\*\*([^*]+)\*\*/;

/** Reads a channel link at `pos`: the syntax and its length. */
export function parseChannelLinkAt(src: string, pos: number): { syntax: ChannelLinkSyntax; length: number } | undefined {
  // Like a mention, a link starts the text or follows whitespace or one of ' " ( { [ / <.
  if (!src.startsWith('#**', pos) || !mayStartMention(src, pos)) return undefined;
  const rest = src.slice(pos);
  const message = MESSAGE_LINK.exec(rest);
  if (message) {
    return { syntax: { channel: message[1] ?? '', topic: message[2] ?? '', messageId: Number(message[3]) }, length: message[0].length };
  }
  const topic = TOPIC_LINK.exec(rest);
  if (topic) return { syntax: { channel: topic[1] ?? '', topic: topic[2] ?? '' }, length: topic[0].length };
  const channel = CHANNEL_LINK.exec(rest);
  return channel ? { syntax: { channel: channel[1] ?? '' }, length: channel[0].length } : undefined;
}

function channelLinkRule(state: StateInline, silent: boolean): boolean {
  const parsed = parseChannelLinkAt(state.src, state.pos);
  if (!parsed || crossesEarlierSpan(state, state.pos, state.pos + parsed.length)) return false;
  const env = state.env as Partial<ChannelLinkEnv>;
  if (env.linkedChannelNames && !env.linkedChannelNames.has(parsed.syntax.channel)) return false;
  const anchor = env.resolveChannelLink?.(parsed.syntax);
  if (!anchor) return false;
  if (!silent) state.push('channel_link', 'a', 0).meta = { anchor };
  state.pos += parsed.length;
  return true;
}

/** markdown-it plugin for the server's channel, topic and message links. */
export function channelLinkPlugin(md: MarkdownIt): void {
  md.core.ruler.before('normalize', 'zulip_linked_channel_names', (state) => {
    (state.env as Partial<ChannelLinkEnv>).linkedChannelNames = linkedChannelNames(state.src);
  });
  md.inline.ruler.before('emphasis', 'channel_link', channelLinkRule);
  const escape = md.utils.escapeHtml;
  md.renderer.rules.channel_link = (tokens, index) => {
    const { anchor } = tokens[index]?.meta as { anchor: ChannelLinkAnchor };
    const attributes = anchor.attributes.map(([name, value]) => ` ${name}="${escape(value)}"`).join('');
    const empty = anchor.emptyTopic;
    const topic = empty ? `<em>${escapeText(empty.name)}</em>${escapeText(empty.tail)}` : '';
    return `<a${attributes}>${escapeText(anchor.text)}${topic}</a>`;
  };
}
