import { CLIENT_CAPABILITY_LEVELS, type ClientCapabilityName } from '../contract/client-capabilities';
import type { RegisterResponse } from '../schemas/event-queue';
import type { ApplyEventContext } from './unread';

/** Whether the state's server knows the capability at all (by its `zulip_feature_level`). */
export function serverKnowsCapability(state: RegisterResponse, name: ClientCapabilityName): boolean {
  return state.zulip_feature_level >= CLIENT_CAPABILITY_LEVELS[name];
}

/**
 * Whether the state is in the format of capability `name`: declared in the registration's
 * capabilities (as the context gives them) and known to the state's server, which ignores a
 * capability newer than its level. Undefined when the context gives no capabilities.
 */
export function registeredWith(state: RegisterResponse, context: ApplyEventContext | undefined, name: ClientCapabilityName): boolean | undefined {
  const capabilities = context?.clientCapabilities;
  if (capabilities === undefined) return undefined;
  return capabilities[name] === true && serverKnowsCapability(state, name);
}
