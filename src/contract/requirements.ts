import type { ParamRequirement, WireParams } from './feature-levels';

/** `type: 'direct'` is new in level 174; older servers call direct messages `private`. */
export const DIRECT_TYPE: ParamRequirement = {
  param: 'type',
  since: 174,
  applies: (params) => params['type'] === 'direct',
  downgrade: (params) => ({ ...params, type: 'private' }),
};

/** `type: 'channel'` is new in level 248; older servers take `stream`. */
export const CHANNEL_TYPE: ParamRequirement = {
  param: 'type',
  since: 248,
  applies: (params) => params['type'] === 'channel',
  downgrade: (params) => ({ ...params, type: 'stream' }),
};

function isChannelType(type: unknown): boolean {
  return type === 'stream' || type === 'channel';
}

/** A channel message in the empty topic ("general chat") is new in level 334; older servers refuse it. */
export const EMPTY_TOPIC: ParamRequirement = {
  param: 'topic',
  since: 334,
  applies: (params) => isChannelType(params['type']) && typeof params['topic'] === 'string' && params['topic'].trim() === '',
};

/** Typing in a channel is new in level 58. */
export const CHANNEL_TYPING: ParamRequirement = {
  param: 'type',
  since: 58,
  applies: (params) => isChannelType(params['type']),
};

/** Channel typing names the channel in `stream_id` from level 215; before, `to` held its ID in a list. */
export const TYPING_STREAM_ID: ParamRequirement = {
  param: 'stream_id',
  since: 215,
  applies: (params) => isChannelType(params['type']) && params['stream_id'] !== undefined,
  downgrade: ({ stream_id: channelId, ...rest }: WireParams) => ({ ...rest, to: [channelId] }),
};

/** `{name}` expressions only: the URL templates older servers' format strings can say too. */
const SIMPLE_TEMPLATE = /^(?:[^{}]|\{[a-z_][a-z0-9_]*\})*$/i;

/**
 * A `url_template` (RFC 6570), new in `since`, sent as the older parameter `older` built by
 * `convert`, when the template is simple enough to convert; otherwise the older server cannot
 * take it.
 */
export function urlTemplateRequirements(
  since: number,
  older: string,
  convert: (template: string) => string | undefined,
): readonly ParamRequirement[] {
  const converted = (params: WireParams) => {
    const template = params['url_template'];
    return typeof template === 'string' && SIMPLE_TEMPLATE.test(template) ? convert(template) : undefined;
  };
  return [
    { param: 'url_template', since, applies: (params) => params['url_template'] !== undefined && converted(params) === undefined },
    {
      param: 'url_template',
      since,
      downgrade: (params) => {
        const { url_template: _template, ...rest } = params;
        return { ...rest, [older]: converted(params) };
      },
    },
  ];
}

/** `allow_empty_topic_name` is new in level 334; older servers have no empty topics, so it is dropped. */
export const ALLOW_EMPTY_TOPIC_NAME: ParamRequirement = {
  param: 'allow_empty_topic_name',
  since: 334,
  downgrade: ({ allow_empty_topic_name: _allow, ...rest }: WireParams) => rest,
};

/** `include_subscribers=partial` is new in level 412; older servers are asked for every subscriber. */
export const INCLUDE_PARTIAL_SUBSCRIBERS: ParamRequirement = {
  param: 'include_subscribers',
  since: 412,
  applies: (params) => params['include_subscribers'] === 'partial',
  downgrade: (params) => ({ ...params, include_subscribers: true }),
};

/** Playgrounds took `url_prefix`, the URL before the code, until level 196. */
export const PLAYGROUND_URL_TEMPLATE = urlTemplateRequirements(196, 'url_prefix', (template) =>
  template.endsWith('{code}') && template.indexOf('{') === template.length - '{code}'.length
    ? template.slice(0, -'{code}'.length)
    : undefined,
);

/** Linkifiers took a Python format string (`%(id)s`) until level 176. */
export const LINKIFIER_URL_TEMPLATE = urlTemplateRequirements(176, 'url_format_string', (template) =>
  template.replace(/%/g, '%%').replace(/\{([a-z0-9_]+)\}/gi, '%($1)s'),
);

/** The owner role is new in level 8, the moderator role in 60; `new_email` in 285. */
export const USER_ROLE_LEVELS: readonly ParamRequirement[] = [
  { param: 'role', since: 8, applies: (params) => params['role'] === 100 },
  { param: 'role', since: 60, applies: (params) => params['role'] === 300 },
  { param: 'new_email', since: 285 },
];

/** `can_send_message_group` is new in level 333; older servers had only `stream_post_policy`. */
export const CAN_SEND_MESSAGE_GROUP: ParamRequirement = { param: 'can_send_message_group', since: 333 };
