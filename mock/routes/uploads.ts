import type { uploads } from '../../src/endpoints/index';
import type { Implementation } from '../http/operation';
import { deleteAttachment, listAttachments } from '../domain/uploads/attachments';
import { expireUnclaimedUploads } from '../domain/uploads/expiry';
import { temporaryFileUrl } from '../domain/uploads/serve';
import { uploadFiles } from '../domain/uploads/upload';

/** Uploads and attachments: decode → domain → payload. */
export const uploadRoutes = {
  uploadFile: ({ state, user, files }) => uploadFiles(state, user, files),
  getFileTemporaryUrl: ({ state, user, params }) => ({
    url: temporaryFileUrl(state, user, `${params.realm_id_str}/${params.filename}`),
  }),
  getAttachments: ({ state, user }) => {
    expireUnclaimedUploads(state);
    return listAttachments(state, user);
  },
  removeAttachment: ({ state, user, params }) => {
    expireUnclaimedUploads(state);
    deleteAttachment(state, user, params.attachment_id);
    return {};
  },
} satisfies { [Name in keyof typeof uploads]: Implementation<(typeof uploads)[Name]> };
