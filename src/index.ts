/**
 * teamchat-sdk: a typed client for the team-chat (Zulip-compatible) REST API.
 *
 * @packageDocumentation
 */
export { ChatClient } from './client';
export type { ChatClientOptions, IgnoredParametersInfo } from './options';
export * from './errors/index';
export {
  defineEndpoint,
  ROLE_VALUES,
  type Endpoint,
  type EndpointAccess,
  type EndpointParams,
  type EndpointResult,
  type HttpMethod,
  type RoleName,
} from './contract/endpoint';
export { endpoints, type EndpointName } from './endpoints/index';
export { MessagesResource } from './resources/messages';
export { ServerResource } from './resources/server';
export * from './schemas/message';
export * from './schemas/server';
export { ErrorEnvelope, successBody } from './schemas/common';
export { SDK_VERSION } from './version';
export type { SuccessBody } from './transport/envelope';
