import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** A linkifier: text matching `pattern` links to `url_template` expanded with its named groups. */
export const Linkifier = z.looseObject({
  /** A Python regular expression; named groups `(?P<name>...)` feed the template. */
  pattern: z.string(),
  /** An RFC 6570 URL template using exactly the pattern's named groups. From feature level 176. */
  url_template: z.optional(z.string()),
  /** Before feature level 176: a `%(name)s` format string instead of `url_template`. */
  url_format: z.optional(z.string()),
  id: Id,
});

/** A linkifier. */
export type Linkifier = z.infer<typeof Linkifier>;

/** Parameters of `GET /realm/linkifiers`. */
export const GetLinkifiersParams = z.object({});

/** Success body of `GET /realm/linkifiers`: in the order they apply. */
export const GetLinkifiersResponse = successBody({ linkifiers: z.array(Linkifier) });

/** Parameters of `POST /realm/filters`. */
export const AddLinkifierParams = z.object({ pattern: z.string(), url_template: z.string() });

/** Success body of `POST /realm/filters`. */
export const AddLinkifierResponse = successBody({ id: Id });

/** Parameters of `PATCH /realm/filters/{filter_id}`. */
export const UpdateLinkifierParams = z.object({ filter_id: Id, pattern: z.string(), url_template: z.string() });

/** Parameters of `DELETE /realm/filters/{filter_id}`. */
export const RemoveLinkifierParams = z.object({ filter_id: Id });

/** Parameters of `PATCH /realm/linkifiers`. */
export const ReorderLinkifiersParams = z.object({
  /** Every linkifier's ID, once each, in the new order. */
  ordered_linkifier_ids: z.array(Id),
});

/** Success body of the linkifier changes that return nothing else. */
export const LinkifierChangeResponse = successBody({});
