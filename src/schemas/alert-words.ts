import * as z from 'zod/mini';
import { successBody } from './common';

/** Parameters of `GET /users/me/alert_words`. */
export const GetAlertWordsParams = z.object({});

/** Parameters of `POST` and `DELETE /users/me/alert_words`. */
export const AlertWordsChangeParams = z.object({
  /** Words or phrases (case-insensitive); ones already there, or absent when removing, are ignored. */
  alert_words: z.array(z.string()),
});

/** Success body of the alert word operations: the caller's words after the call. */
export const AlertWordsResponse = successBody({ alert_words: z.array(z.string()) });
