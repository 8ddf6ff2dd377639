import MarkdownIt, { type MarkdownIt as MarkdownItParser } from 'markdown-it';
import type { UserRecord } from '../../store/store';
import { linkifierMatchAtStart, linkifyText, mayMatchStarOrTilde } from '../linkifiers/match';
import type { MockState } from '../state';
import { escapeTextKeepingReferences } from './escape';
import { MAX_NESTING } from './nesting';
import { type MentionEnv, mentionPlugin, type MentionSpan } from './mention-syntax';
import { type ChannelLinkEnv, channelLinkPlugin } from './plugins/channel-link-syntax';
import { type EmojiEnv, emojiPlugin } from './plugins/emoji-syntax';
import { linkifierAfterEmojiPlugin, type LinkifierEnv, linkifierPlugin } from './plugins/linkifier-syntax';
import { timePlugin } from './plugins/time-syntax';
import { resolveChannelLink } from './resolve-channel-link';
import { resolveEmojiCode, resolveEmojiName, resolveEmoticonName } from './resolve-emoji';
import { autolinkAfterEmojiPlugin, autolinkPlugin } from './plugins/autolink';
import { quotesPlugin, quoteTrailingBreaksPlugin } from './plugins/quotes';
import { quotedMentionsPlugin } from './plugins/quoted-mentions';
import { emphasisPlugin } from './plugins/emphasis';
import { type FencedBlocksEnv, fencedBlocksPlugin } from './plugins/fenced-blocks';
import { indentedCodePlugin } from './plugins/indented-code';
import { tablesPlugin } from './plugins/tables';
import { inlineCodePlugin } from './plugins/inline-code';
import { inlineMathPlugin } from './plugins/inline-math';
import { breakTailsPlugin, lineBreaksPlugin } from './plugins/line-breaks';
import { type LocalLinksEnv, localLinksPlugin } from './plugins/local-links';
import { linksPlugin } from './plugins/links';
import { listsPlugin } from './plugins/lists';
import { normalizeWhitespacePlugin } from './plugins/normalize-whitespace';
import { headingsPlugin } from './plugins/headings';
import { type LinkPreviewsEnv, linkPreviewsPlugin } from './plugins/link-previews';
import type { LinkEmbedsEnv } from './link-embeds';
import { type MediaSyntaxEnv, mediaSyntaxPlugin } from './plugins/media-syntax';
import { uploadedImage } from '../uploads/uploaded-images';
import { isUploadedAudio } from '../uploads/uploaded-audio';
import { hasLevel, LEVEL } from '../feature-levels';
import { resolveMention } from './resolve-mention';
import { seesAllUsers, strictUserAccessFor } from '../accounts/user-access';

// Character references (`&copy;`, `&#169;`) stay as typed, never decoded: the server's `entity`
// pattern passes them to the HTML as they are, and its serializer leaves any `&` that starts one
// (a bare link's text included, though its pattern claims the text before `entity` runs).
function serverTextEscaping(md: MarkdownItParser): void {
  md.renderer.rules.text = (tokens, index) => escapeTextKeepingReferences(tokens[index]?.content ?? '');
}

// The server's dialect, built once: single newlines break lines, bare URLs become links, raw
// HTML is escaped, reference links, `<url>` autolinks, decoded character references, setext
// headings (`a` over `===`: the server's block parser leaves `setextheader` out) and backslash
// escapes (its inline patterns leave `escape` out: `\*` stays as typed) are off, and each plugin
// adds one part of the server's syntax.
const renderer = new MarkdownIt({ html: false, linkify: false, breaks: true, maxNesting: MAX_NESTING })
  .disable(['reference', 'autolink', 'entity', 'lheading', 'escape'])
  .use(serverTextEscaping)
  .use(normalizeWhitespacePlugin)
  .use(lineBreaksPlugin)
  .use(listsPlugin)
  .use(headingsPlugin)
  .use(fencedBlocksPlugin)
  .use(tablesPlugin)
  .use(quotesPlugin)
  .use(quotedMentionsPlugin)
  .use(indentedCodePlugin)
  .use(inlineCodePlugin)
  .use(inlineMathPlugin)
  .use(emphasisPlugin)
  .use(linksPlugin)
  .use(mediaSyntaxPlugin)
  .use(autolinkPlugin)
  .use(mentionPlugin)
  .use(channelLinkPlugin)
  .use(timePlugin)
  .use(linkifierPlugin)
  .use(emojiPlugin)
  .use(autolinkAfterEmojiPlugin)
  .use(linkifierAfterEmojiPlugin)
  .use(localLinksPlugin)
  .use(linkPreviewsPlugin)
  .use(quoteTrailingBreaksPlugin)
  .use(breakTailsPlugin);

/** What a message's non-silent mentions ask for: flags and permission checks. */
export interface Mentions {
  /** `@**all**`, `@**everyone**`, `@**channel**` or `@**stream**`. */
  readonly channelWildcard: boolean;
  /** `@**topic**`. */
  readonly topicWildcard: boolean;
  /** Active users mentioned by name or ID. */
  readonly userIds: ReadonlySet<number>;
  /** Active (not deactivated) groups mentioned. */
  readonly groupIds: ReadonlySet<number>;
}

/** No mentions at all. */
export const NO_MENTIONS: Mentions = Object.freeze({ channelWildcard: false, topicWildcard: false, userIds: new Set<number>(), groupIds: new Set<number>() });

const NO_LINKS: readonly string[] = Object.freeze([]);

/** A message's HTML and its mentions. */
export interface RenderedMessage {
  readonly html: string;
  readonly mentions: Mentions;
  /**
   * The links whose pages the server's embed worker is to fetch (its `links_for_preview`): those
   * its Open Graph step met without what the worker found. Empty or absent: none.
   */
  readonly linksForPreview?: readonly string[];
}

function collectMentions(spans: readonly MentionSpan[]): Mentions {
  let channelWildcard = false;
  let topicWildcard = false;
  const userIds = new Set<number>();
  const groupIds = new Set<number>();
  for (const { effect } of spans) {
    if (effect?.kind === 'channel-wildcard') channelWildcard = true;
    else if (effect?.kind === 'topic-wildcard') topicWildcard = true;
    else if (effect?.kind === 'user') userIds.add(effect.userId);
    else if (effect?.kind === 'group') groupIds.add(effect.groupId);
  }
  return { channelWildcard, topicWildcard, userIds, groupIds };
}

function linkifier(state: MockState): LinkifierEnv['linkify'] {
  const linkifiers = state.store.linkifiers.all();
  if (linkifiers.length === 0) return undefined;
  return (text, afterSyntax) => {
    const pieces = linkifyText(linkifiers, text, afterSyntax);
    return pieces.length === 1 && typeof pieces[0] === 'string' ? undefined : pieces;
  };
}

/** Whether any realm linkifier may match a `*` or `~` (see LinkifierEnv). */
function linkifiersMayTakeStars(state: MockState): boolean {
  return state.store.linkifiers.all().some((linkifier) => mayMatchStarOrTilde(linkifier.pattern));
}

/**
 * Renders message Markdown to the HTML clients receive with `apply_markdown`, finding its
 * mentions. The sender decides whether emoticons become emoji, and which private channels links
 * may name unless someone else acts (the server's `acting_user`: the user whose action a
 * Notification Bot notice reports). `embedData`: what the embed worker found for the links (see
 * `fetchLinkEmbeds`), when it renders the message again.
 */
export function renderMessage(state: MockState, content: string, sender?: UserRecord, actingUser?: UserRecord, embedData?: LinkEmbedsEnv['data']): RenderedMessage {
  return renderMarkdown(state, content, sender, true, actingUser ?? sender, embedData);
}

/**
 * Renders the Markdown of a description or profile field value: as a message, but without image
 * and video previews (the server's `no_previews`). Channel links name the channels `actingUser`
 * may read, or any channel without one (the server's `acting_user`: set for channel and folder
 * descriptions, not for the realm's description or profile field values).
 */
export function renderDescription(state: MockState, content: string, actingUser?: UserRecord): string {
  return renderMarkdown(state, content, undefined, false, actingUser).html;
}

/** The resolvers that depend only on the realm, built once per realm rather than once per render. */
interface RealmResolvers {
  readonly resolveMention: MentionEnv['resolveMention'];
  readonly resolveEmojiName: EmojiEnv['resolveEmojiName'];
  readonly resolveUploadedImage: LinkPreviewsEnv['resolveUploadedImage'];
  readonly resolveUploadedAudio: MediaSyntaxEnv['resolveUploadedAudio'];
  /** Asked only where `linkify` is set, so where the realm has linkifiers. */
  readonly linkifyStart: NonNullable<LinkifierEnv['linkifyStart']>;
  /** Channel links depend on who writes them (their content access), so one resolver per sender. */
  readonly channelLinks: WeakMap<UserRecord, ChannelLinkEnv['resolveChannelLink']>;
  readonly channelLinksWithoutSender: ChannelLinkEnv['resolveChannelLink'];
}

const resolversByRealm = new WeakMap<MockState, RealmResolvers>();

function realmResolvers(state: MockState): RealmResolvers {
  let resolvers = resolversByRealm.get(state);
  if (!resolvers) {
    resolvers = {
      resolveMention: (syntax) => resolveMention(state, syntax),
      resolveEmojiName: (name) => resolveEmojiName(state, name),
      resolveUploadedImage: (pathId) => uploadedImage(state, pathId),
      resolveUploadedAudio: (pathId) => isUploadedAudio(state, pathId),
      linkifyStart: (text) => linkifierMatchAtStart(state.store.linkifiers.all(), text),
      channelLinks: new WeakMap(),
      channelLinksWithoutSender: (syntax) => resolveChannelLink(state, undefined, syntax),
    };
    resolversByRealm.set(state, resolvers);
  }
  return resolvers;
}

function channelLinkResolver(state: MockState, resolvers: RealmResolvers, sender: UserRecord | undefined): ChannelLinkEnv['resolveChannelLink'] {
  if (!sender) return resolvers.channelLinksWithoutSender;
  let resolve = resolvers.channelLinks.get(sender);
  if (!resolve) {
    resolve = (syntax) => resolveChannelLink(state, sender, syntax);
    resolvers.channelLinks.set(sender, resolve);
  }
  return resolve;
}

/**
 * Mentions as the sender may write them: a limited guest's mentions of users they may not see
 * stay text (the server's `MentionBackend` drops `get_inaccessible_user_ids` from its candidates).
 */
function mentionResolver(state: MockState, resolvers: RealmResolvers, sender: UserRecord | undefined): MentionEnv['resolveMention'] {
  if (!sender || seesAllUsers(state, sender)) return resolvers.resolveMention;
  // Worked out at the first mention, once for the whole message.
  let mayAccess: ((user: UserRecord) => boolean) | undefined;
  return (syntax) => resolveMention(state, syntax, (user) => (mayAccess ??= strictUserAccessFor(state, sender) ?? (() => true))(user));
}

/**
 * ASCII words between single spaces: no rule of the dialect (block or inline syntax, emoji,
 * mentions, links) starts at any of these characters, so such content renders as one paragraph
 * of itself. Only a realm linkifier can match plain words.
 */
const PLAIN_WORDS = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

/**
 * The Open Graph step's environment where the server renders with it (`url_embed_preview_enabled`:
 * previews allowed, the realm's `inline_url_embed_preview`; never for a bot's message).
 */
function linkEmbeds(state: MockState, sender: UserRecord | undefined, previews: boolean, data: LinkEmbedsEnv['data']): LinkEmbedsEnv | undefined {
  return previews && state.realm.inline_url_embed_preview && !sender?.is_bot ? { data, linksForPreview: [] } : undefined;
}

function renderMarkdown(
  state: MockState,
  content: string,
  sender: UserRecord | undefined,
  previews: boolean,
  linkActor = sender,
  embedData?: LinkEmbedsEnv['data'],
): RenderedMessage {
  // Short plain messages are common, and parsing one costs more than the rest of sending it.
  if (PLAIN_WORDS.test(content) && state.store.linkifiers.all().length === 0) {
    return { html: `<p>${content}</p>`, mentions: collectMentions([]) };
  }
  const resolvers = realmResolvers(state);
  const env: MentionEnv & ChannelLinkEnv & EmojiEnv & LinkifierEnv & LocalLinksEnv & LinkPreviewsEnv & MediaSyntaxEnv & FencedBlocksEnv = {
    resolveMention: mentionResolver(state, resolvers, sender),
    mentions: [],
    resolveChannelLink: channelLinkResolver(state, resolvers, linkActor),
    resolveEmojiName: resolvers.resolveEmojiName,
    resolveEmojiCode,
    resolveEmoticonName,
    translateEmoticons: sender?.translate_emoticons ?? false,
    linkify: linkifier(state),
    linkifyStart: resolvers.linkifyStart,
    linkifiersMayTakeStars: linkifiersMayTakeStars(state),
    realmUrl: state.realm.url,
    camo: state.camo,
    resolveUploadedImage: resolvers.resolveUploadedImage,
    resolveUploadedAudio: resolvers.resolveUploadedAudio,
    mediaSyntax: hasLevel(state, LEVEL.mediaSyntax),
    // The realm's `inline_image_preview` turns image and video previews off, as `no_previews` does.
    previews: previews && state.realm.inline_image_preview,
    embeds: linkEmbeds(state, sender, previews, embedData),
    defaultCodeLanguage: state.realm.default_code_block_language,
  };
  const html = renderer.render(content, env).trimEnd();
  return { html, mentions: collectMentions(env.mentions), linksForPreview: env.embeds?.linksForPreview ?? NO_LINKS };
}

/** Whether a message is a `/me` status message. */
export function isMeMessage(content: string): boolean {
  return content.startsWith('/me ');
}
