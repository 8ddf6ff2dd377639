import type { videoCalls } from '../../src/endpoints/index';
import { bigBlueButtonUrl } from '../domain/video-calls/bigbluebutton';
import type { Implementation } from '../http/operation';

/** Video call links: decode → domain → payload. */
export const videoCallRoutes = {
  createBigBlueButtonVideoCall: ({ state, user, params }) => ({
    url: bigBlueButtonUrl(state, user, params.meeting_name, params.voice_only ?? false),
  }),
} satisfies { [Name in keyof typeof videoCalls]: Implementation<(typeof videoCalls)[Name]> };
