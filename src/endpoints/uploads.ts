import { defineEndpoint } from '../contract/endpoint';
import {
  GetAttachmentsParams,
  GetAttachmentsResponse,
  GetFileTemporaryUrlParams,
  GetFileTemporaryUrlResponse,
  RemoveAttachmentParams,
  RemoveAttachmentResponse,
  UploadFileParams,
  UploadFileResponse,
} from '../schemas/upload';

/** `POST /user_uploads`: upload one file (multipart); only the uploader can fetch it until a message links to it. */
export const uploadFile = defineEndpoint({
  id: 'upload-file',
  method: 'POST',
  path: '/user_uploads',
  params: UploadFileParams,
  response: UploadFileResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `GET /user_uploads/{realm_id_str}/{filename}`: a short-lived URL that serves the file without credentials. */
export const getFileTemporaryUrl = defineEndpoint({
  id: 'get-file-temporary-url',
  method: 'GET',
  path: '/user_uploads/{realm_id_str}/{filename}',
  params: GetFileTemporaryUrlParams,
  response: GetFileTemporaryUrlResponse,
  access: { auth: 'api_key', apiKeyInQuery: true },
  rateLimit: 'exempt',
  retrySafe: true,
  featureLevel: 1,
  restOfPath: true,
  reportsIgnoredParameters: false,
});

/** `GET /attachments`: the caller's uploads with the messages that link to them. */
export const getAttachments = defineEndpoint({
  id: 'get-attachments',
  method: 'GET',
  path: '/attachments',
  params: GetAttachmentsParams,
  response: GetAttachmentsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `DELETE /attachments/{attachment_id}`: delete one of the caller's uploads. */
export const removeAttachment = defineEndpoint({
  id: 'remove-attachment',
  method: 'DELETE',
  path: '/attachments/{attachment_id}',
  params: RemoveAttachmentParams,
  response: RemoveAttachmentResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});
