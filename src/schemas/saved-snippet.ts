import * as z from 'zod/mini';
import { Id } from './common';

/** Text the user saved to insert into messages (feature level 297). */
export const SavedSnippet = z.looseObject({
  id: Id,
  title: z.string(),
  /** Markdown, inserted as is. */
  content: z.string(),
  /** UNIX seconds (UTC). */
  date_created: z.int(),
});

/** A saved snippet. */
export type SavedSnippet = z.output<typeof SavedSnippet>;
