import type { Endpoint } from '../contract/endpoint';
import { requirementApplies, type WireParams } from '../contract/feature-levels';
import { UnsupportedFeatureError } from '../errors/unsupported-feature';

/**
 * The server's feature level: given in the options, learned from a response that reports it
 * (`POST /register`, `GET /server_settings`), or asked for once, when a call first depends on it.
 */
export class FeatureLevelSource {
  #level: number | undefined;
  #pending: Promise<number> | undefined;
  readonly #ask: () => Promise<number>;

  constructor(level: number | undefined, ask: () => Promise<number>) {
    this.#level = level;
    this.#ask = ask;
  }

  /** The level, once known. */
  get known(): number | undefined {
    return this.#level;
  }

  /** Records the level a response reported. */
  learn(level: number): void {
    this.#level = level;
  }

  /** The level, asking the server the first time; a failed question is asked again next time. */
  get(): Promise<number> {
    if (this.#level !== undefined) return Promise.resolve(this.#level);
    this.#pending ??= this.#ask().then(
      (level) => (this.#level ??= level),
      (error: unknown) => {
        this.#pending = undefined;
        throw error;
      },
    );
    return this.#pending;
  }
}

/**
 * Operations declared at this level are on every server, including those older than 3.0 that
 * report no level at all.
 */
const EVERY_SERVER = 1;

/** Whether how to send this call depends on the server's feature level. */
export function dependsOnLevel(endpoint: Endpoint, params: WireParams): boolean {
  return endpoint.featureLevel > EVERY_SERVER || endpoint.requires.some((requirement) => requirementApplies(requirement, params));
}

/** The method, path and parameters that ask a server at `level` for this call. */
export interface LevelPlan {
  readonly method: string;
  readonly path: string;
  readonly params: WireParams;
}

/**
 * Encodes a call for a server at `level`: the operation's route at that level, then each newer
 * parameter downgraded in declaration order; throws {@link UnsupportedFeatureError} for what the
 * server cannot do.
 */
export function planForLevel(endpoint: Endpoint, params: WireParams, level: number): LevelPlan {
  let route: { readonly method: string; readonly path: string } = endpoint;
  if (level < endpoint.featureLevel && endpoint.featureLevel > EVERY_SERVER) {
    const legacy = endpoint.legacyRoutes.find((candidate) => level >= candidate.since && level < candidate.until);
    const oldest = endpoint.legacyRoutes[0]?.since ?? endpoint.featureLevel;
    if (!legacy) throw new UnsupportedFeatureError(endpoint.id, undefined, oldest, level);
    route = legacy;
  }
  let planned = params;
  for (const requirement of endpoint.requires) {
    if (level >= requirement.since || !requirementApplies(requirement, planned)) continue;
    if (!requirement.downgrade) throw new UnsupportedFeatureError(endpoint.id, requirement.param, requirement.since, level);
    planned = requirement.downgrade(planned);
  }
  return { method: route.method, path: route.path, params: planned };
}

function levelOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** The level of the last `restart` event among a `GET /events` answer's events. */
function restartedLevel(events: unknown): number | undefined {
  if (!Array.isArray(events)) return undefined;
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index] as { type?: unknown; zulip_feature_level?: unknown } | null;
    if (event?.type === 'restart') return levelOf(event.zulip_feature_level);
  }
  return undefined;
}

/**
 * The level a success body reports, if it reports one: its `zulip_feature_level`
 * (`POST /register`, `GET /server_settings`), or that of a `restart` event among its `events`
 * (`GET /events`: the server restarted, perhaps upgraded).
 */
export function reportedLevel(body: Readonly<Record<string, unknown>>): number | undefined {
  return levelOf(body['zulip_feature_level']) ?? restartedLevel(body['events']);
}
