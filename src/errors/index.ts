export { ApiErrorBase, type ApiErrorInit } from './api-error-base';
export * from './api-errors';
export { TeamChatError } from './base';
export { createApiError, type ErrorResponse, UNKNOWN_ERROR_CODE } from './factory';
export { ServerError, type ServerErrorInit } from './server-error';
export * from './transport-errors';
export { UnsupportedFeatureError } from './unsupported-feature';
