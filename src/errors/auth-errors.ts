import { ApiErrorBase } from './api-error-base';

/**
 * `UNAUTHORIZED`: credentials missing or invalid, or the account is deactivated (HTTP 401).
 *
 * @example
 * // No credentials: only a few endpoints answer without them.
 * const failure = await new ChatClient({ site }).users.me().catch((error: unknown) => error);
 * if (failure instanceof UnauthorizedError) console.log(failure.message);
 */
export class UnauthorizedError extends ApiErrorBase<'UNAUTHORIZED'> {
  override readonly name: string = 'UnauthorizedError';
}

/**
 * `UNAUTHORIZED_PRINCIPAL`: the caller's role is too low ("Must be an organization administrator").
 *
 * @example
 * // An administrator, but only owners manage the organization's email domains.
 * const failure = await client.realm.addDomain({ domain: 'example.com', allow_subdomains: false }).catch((error: unknown) => error);
 * if (failure instanceof UnauthorizedPrincipalError) console.log(failure.message);
 */
export class UnauthorizedPrincipalError extends ApiErrorBase<'UNAUTHORIZED_PRINCIPAL'> {
  override readonly name: string = 'UnauthorizedPrincipalError';
}

/**
 * `PERMISSION_DENIED`: the caller lacks the needed account type.
 *
 * @example
 * // A human account: bot storage is for bots.
 * const failure = await client.botStorage.get().catch((error: unknown) => error);
 * if (failure instanceof PermissionDeniedError) console.log(failure.message);
 */
export class PermissionDeniedError extends ApiErrorBase<'PERMISSION_DENIED'> {
  override readonly name: string = 'PermissionDeniedError';
}

/**
 * `AUTHENTICATION_FAILED`: wrong username or password (fetch-api-key).
 *
 * @example
 * const failure = await new ChatClient({ site }).server.fetchApiKey({ username, password: 'not-the-password' }).catch((error: unknown) => error);
 * if (failure instanceof AuthenticationFailedError) console.log(failure.message);
 */
export class AuthenticationFailedError extends ApiErrorBase<'AUTHENTICATION_FAILED'> {
  override readonly name: string = 'AuthenticationFailedError';
}

/**
 * `USER_DEACTIVATED` (fetch-api-key).
 *
 * @example
 * await client.users.deactivate({ user_id: othelloId });
 * const failure = await new ChatClient({ site }).server.fetchApiKey({ username: 'othello@zulip.com', password }).catch((error: unknown) => error);
 * if (failure instanceof UserDeactivatedError) console.log(failure.message);
 */
export class UserDeactivatedError extends ApiErrorBase<'USER_DEACTIVATED'> {
  override readonly name: string = 'UserDeactivatedError';
}

/**
 * `REALM_DEACTIVATED` (fetch-api-key): the organization is deactivated.
 *
 * @example
 * await deactivateOrganization(); // an owner deactivates it (`POST /realm/deactivate`, which the SDK does not offer)
 * const failure = await new ChatClient({ site }).server.fetchApiKey({ username, password }).catch((error: unknown) => error);
 * if (failure instanceof RealmDeactivatedError) console.log(failure.message);
 */
export class RealmDeactivatedError extends ApiErrorBase<'REALM_DEACTIVATED'> {
  override readonly name: string = 'RealmDeactivatedError';
}

/**
 * `PASSWORD_AUTH_DISABLED` (fetch-api-key).
 *
 * @example
 * // An owner turns password login off (`owner`: a ChatClient of an owner).
 * await owner.realm.update({ authentication_methods: { Email: false, Dev: true } });
 * const failure = await new ChatClient({ site }).server.fetchApiKey({ username, password }).catch((error: unknown) => error);
 * if (failure instanceof PasswordAuthDisabledError) console.log(failure.message);
 */
export class PasswordAuthDisabledError extends ApiErrorBase<'PASSWORD_AUTH_DISABLED'> {
  override readonly name: string = 'PasswordAuthDisabledError';
}

/**
 * `PASSWORD_RESET_REQUIRED` (fetch-api-key).
 *
 * @example
 * const failure = await new ChatClient({ site }).server.fetchApiKey({ username, password }).catch((error: unknown) => error);
 * if (failure instanceof PasswordResetRequiredError) console.log(failure.message);
 */
export class PasswordResetRequiredError extends ApiErrorBase<'PASSWORD_RESET_REQUIRED'> {
  override readonly name: string = 'PasswordResetRequiredError';
}

/**
 * `NONEXISTENT_SUBDOMAIN`: no organization at this address (HTTP 404).
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof NonexistentSubdomainError) console.log(failure.message);
 */
export class NonexistentSubdomainError extends ApiErrorBase<'NONEXISTENT_SUBDOMAIN'> {
  override readonly name: string = 'NonexistentSubdomainError';
}

/**
 * `INVALID_API_KEY` (HTTP 401): the `api_key` query parameter, which file URLs accept from clients
 * that cannot set headers, is malformed or no user's. The SDK sends its key by HTTP basic auth,
 * where a wrong key is `UNAUTHORIZED` ({@link UnauthorizedError}); this class is for answers to
 * such a URL, read with {@link createApiError}.
 *
 * @example
 * const uploaded = await client.uploads.upload(file);
 * const response = await fetch(`${site}/api/v1${uploaded.url ?? ''}?api_key=not-the-key`);
 * const failure = createApiError(await response.json(), { status: response.status }, 'get-file-temporary-url');
 * if (failure instanceof InvalidApiKeyError) console.log(failure.message); // get-file-temporary-url: Malformed API key (INVALID_API_KEY, HTTP 401)
 */
export class InvalidApiKeyError extends ApiErrorBase<'INVALID_API_KEY'> {
  override readonly name: string = 'InvalidApiKeyError';
}
