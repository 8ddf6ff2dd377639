/**
 * A failure the mock answers with the API's error envelope. Domain code throws it; one
 * function (`mock/http/envelope.ts`) turns it into the wire response.
 */
export class ApiFailure extends Error {
  constructor(
    /** The server's message, exactly as the real server words it. */
    readonly msg: string,
    readonly code: string = 'BAD_REQUEST',
    readonly status: number = 400,
    /** Extra envelope fields (`stream`, `var_name`, ...). */
    readonly extra: Readonly<Record<string, unknown>> = {},
    /** Extra response headers (`WWW-Authenticate`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(msg);
    this.name = 'ApiFailure';
  }
}

/** The server's `UserDeactivatedError`: the acting account is deactivated (`USER_DEACTIVATED`, HTTP 401). */
export class UserDeactivatedError extends ApiFailure {
  constructor() {
    super('Account is deactivated', 'USER_DEACTIVATED', 401);
  }
}

/** The server's `RealmDeactivatedError`: the organization is deactivated (`REALM_DEACTIVATED`, HTTP 401). */
export class RealmDeactivatedError extends ApiFailure {
  constructor() {
    super('This organization has been deactivated', 'REALM_DEACTIVATED', 401);
  }
}

/**
 * The server's `RequestVariableConversionError`: a parameter whose value it could not read as the
 * setting needs (`REQUEST_VARIABLE_INVALID`, with `var_name` and `bad_value`).
 */
export function requestVariableInvalid(name: string, value: unknown): ApiFailure {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return new ApiFailure(`Bad value for '${name}': ${shown}`, 'REQUEST_VARIABLE_INVALID', 400, { var_name: name, bad_value: value });
}

/** `BAD_REQUEST` (HTTP 400) with the given message. */
export function badRequest(msg: string, extra: Readonly<Record<string, unknown>> = {}): ApiFailure {
  return new ApiFailure(msg, 'BAD_REQUEST', 400, extra);
}

/** A required parameter is missing: `REQUEST_VARIABLE_MISSING` with `var_name`. */
export function missingArgument(name: string): ApiFailure {
  return new ApiFailure(`Missing '${name}' argument`, 'REQUEST_VARIABLE_MISSING', 400, { var_name: name });
}

/** An authentication failure over HTTP Basic: always `UNAUTHORIZED`, HTTP 401. */
export function unauthorized(msg: string): ApiFailure {
  return new ApiFailure(msg, 'UNAUTHORIZED', 401, {}, { 'WWW-Authenticate': 'Basic realm="zulip"' });
}

/** The caller's role is too low for the operation: `UNAUTHORIZED_PRINCIPAL`. */
export function roleRequired(msg: string): ApiFailure {
  return new ApiFailure(msg, 'UNAUTHORIZED_PRINCIPAL', 400);
}

/** The message the real server uses for a message that does not exist or is not visible. */
export const INVALID_MESSAGE = 'Invalid message(s)';
