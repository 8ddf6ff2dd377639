export { ApiErrorBase, type ApiErrorInit } from './api-error-base';
export * from './api-errors';
export { TeamChatError } from './base';
export { createApiError, UNKNOWN_ERROR_CODE } from './factory';
export * from './transport-errors';
export { UnsupportedFeatureError } from './unsupported-feature';
