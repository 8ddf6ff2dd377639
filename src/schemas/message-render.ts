import * as z from 'zod/mini';
import { successBody } from './common';

/** Parameters of `POST /messages/render`. */
export const RenderMessageParams = z.object({
  /** The Markdown to render. */
  content: z.string(),
});

/** Success body of `POST /messages/render`. */
export const RenderMessageResponse = successBody({
  /** The HTML the content renders to. */
  rendered: z.string(),
});
