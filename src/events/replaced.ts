import type { RegisterResponse } from '../schemas/event-queue';

/** The state with `key` replaced by a copy of `value`, when the state holds that section. */
export function replaced(state: RegisterResponse, key: keyof RegisterResponse, value: unknown): RegisterResponse {
  return key in state ? { ...state, [key]: structuredClone(value) } : state;
}
