import * as z from 'zod/mini';
import { defineEndpoint } from '../../../src/contract/endpoint';
import { badRequest } from '../../domain/errors';
import type { Implementation } from '../../http/operation';

/**
 * `POST /calls/zoom/create`: a Zoom meeting's join URL. The mock has no Zoom: it answers as a server
 * without Zoom credentials (no `VIDEO_ZOOM_CLIENT_ID`), whatever the realm's video chat provider.
 * Not in the SDK.
 */
export const createZoomVideoCall = defineEndpoint({
  id: 'create-zoom-video-call',
  method: 'POST',
  path: '/calls/zoom/create',
  params: z.object({ is_video_call: z.optional(z.boolean()) }),
  response: z.looseObject({ url: z.string() }),
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
  requires: [{ param: 'is_video_call', since: 206 }],
});

/** Its parameters are read, then the server finds no Zoom credentials. */
export const createZoomVideoCallRoute: Implementation<typeof createZoomVideoCall> = () => {
  throw badRequest('Zoom credentials have not been configured');
};
