import { defineEndpoint } from '../contract/endpoint';
import { CreateBigBlueButtonCallParams, CreateBigBlueButtonCallResponse } from '../schemas/video-call';

/** `GET /calls/bigbluebutton/create`: a join URL for a new BigBlueButton call. */
export const createBigBlueButtonVideoCall = defineEndpoint({
  id: 'create-big-blue-button-video-call',
  method: 'GET',
  path: '/calls/bigbluebutton/create',
  params: CreateBigBlueButtonCallParams,
  response: CreateBigBlueButtonCallResponse,
  access: { auth: 'api_key' },
  // Every call makes a new meeting ID, but nothing is stored: repeating it changes nothing.
  retrySafe: true,
  featureLevel: 1,
  // A voice-only call needs level 337; `false` is what older servers do anyway, so it is dropped.
  requires: [
    { param: 'voice_only', since: 337, applies: (params) => params.voice_only === true },
    { param: 'voice_only', since: 337, downgrade: ({ voice_only: _voiceOnly, ...rest }) => rest },
  ],
});
