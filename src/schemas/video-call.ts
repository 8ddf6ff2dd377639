import * as z from 'zod/mini';
import { successBody } from './common';

/** Parameters of `GET /calls/bigbluebutton/create`. */
export const CreateBigBlueButtonCallParams = z.object({
  /** The meeting's name, shown by BigBlueButton. */
  meeting_name: z.string(),
  /** Cameras disabled for everyone (feature level 337); default `false`. */
  voice_only: z.optional(z.boolean()),
});

/** Success body of `GET /calls/bigbluebutton/create`. */
export const CreateBigBlueButtonCallResponse = successBody({
  /**
   * A path on the server (`/calls/bigbluebutton/join?bigbluebutton=...`) carrying the call's
   * signed details; opening it while logged in joins the call.
   */
  url: z.string(),
});
