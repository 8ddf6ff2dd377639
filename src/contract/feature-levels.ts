import type { HttpMethod } from './endpoint';

/** Parameters with their wire names, as a caller passes them for an operation. */
export type WireParams = Readonly<Record<string, unknown>>;

/**
 * A parameter, or one of its values, that servers understand only from a feature level on,
 * and how to say the same thing to an older server when there is a way.
 *
 * @example
 * // `type: 'direct'` is new in feature level 174; older servers call it `private`.
 * const directType: ParamRequirement = { param: 'type', since: 174, applies: (p) => p.type === 'direct', downgrade: (p) => ({ ...p, type: 'private' }) };
 */
export interface ParamRequirement {
  /** The parameter's wire name, as {@link UnsupportedFeatureError} names it. */
  readonly param: string;
  /** The first feature level that understands it. */
  readonly since: number;
  /** Whether a call uses what needs the level; omitted: whenever the parameter is sent. */
  readonly applies?: (params: WireParams) => boolean;
  /** The same request for a server below `since`; omitted: such a server cannot do it. */
  readonly downgrade?: (params: WireParams) => WireParams;
}

/**
 * An older method and path of an operation, used by servers from `since` up to (not including)
 * `until`. Path parameters absent from the older path travel in the body.
 */
export interface LegacyRoute {
  readonly since: number;
  readonly until: number;
  readonly method: HttpMethod;
  readonly path: string;
}

/** Whether a requirement concerns this call. */
export function requirementApplies(requirement: ParamRequirement, params: WireParams): boolean {
  return requirement.applies ? requirement.applies(params) : params[requirement.param] !== undefined;
}
