import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** An e-mail domain the organization allows for signups. */
export const RealmDomain = z.looseObject({
  domain: z.string(),
  /** Whether subdomains of `domain` are allowed too. */
  allow_subdomains: z.boolean(),
});

/** An allowed domain. */
export type RealmDomain = z.output<typeof RealmDomain>;

/** Parameters of `GET /realm/domains`. */
export const GetRealmDomainsParams = z.object({});

/** Success body of `GET /realm/domains`. */
export const GetRealmDomainsResponse = successBody({ domains: z.array(RealmDomain) });

/** Parameters of `POST /realm/domains`. */
export const AddRealmDomainParams = z.object({ domain: z.string(), allow_subdomains: z.boolean() });

/** Success body of `POST /realm/domains`: `[ID, domain]`. */
export const AddRealmDomainResponse = successBody({ new_domain: z.tuple([Id, z.string()]) });

/** Parameters of `PATCH /realm/domains/{domain}`. */
export const UpdateRealmDomainParams = z.object({ domain: z.string(), allow_subdomains: z.boolean() });

/** Parameters of `DELETE /realm/domains/{domain}`. */
export const RemoveRealmDomainParams = z.object({ domain: z.string() });

/** A code playground: code blocks in `pygments_language` get a link to `url_template` with `{code}` filled in. */
export const RealmPlayground = z.looseObject({
  id: Id,
  name: z.string(),
  pygments_language: z.string(),
  /** From feature level 196. */
  url_template: z.optional(z.string()),
  /** Before feature level 196: the URL the code is appended to. */
  url_prefix: z.optional(z.string()),
});

/** A code playground. */
export type RealmPlayground = z.output<typeof RealmPlayground>;

/** Parameters of `POST /realm/playgrounds`. */
export const AddPlaygroundParams = z.object({
  name: z.string(),
  pygments_language: z.string(),
  /** An RFC 6570 URL template whose only variable is `code`. */
  url_template: z.string(),
});

/** Success body of `POST /realm/playgrounds`. */
export const AddPlaygroundResponse = successBody({ id: Id });

/** Parameters of `DELETE /realm/playgrounds/{playground_id}`. */
export const RemovePlaygroundParams = z.object({ playground_id: Id });

/** Parameters of `PUT /bot_storage`. */
export const UpdateBotStorageParams = z.object({ storage: z.record(z.string(), z.string()) });

/** Parameters of `GET /bot_storage` and `DELETE /bot_storage`: the keys (omitted or null = all). */
export const BotStorageKeysParams = z.object({ keys: z.optional(z.nullable(z.array(z.string()))) });

/** Success body of `GET /bot_storage`. */
export const GetBotStorageResponse = successBody({ storage: z.record(z.string(), z.string()) });

/** Success body of the realm configuration changes that return nothing else. */
export const RealmConfigChangeResponse = successBody({});
