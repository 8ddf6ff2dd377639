import type { flagsNarrow } from '../../src/endpoints/index';
import { updateMessageFlagsForNarrow } from '../domain/flags/update-for-narrow';
import type { Implementation } from '../http/operation';

/** Personal message flags on a range of a narrow: decode → domain → payload. */
export const flagNarrowRoutes = {
  updateMessageFlagsForNarrow: ({ state, user, params }) => updateMessageFlagsForNarrow(state, user, params),
} satisfies { [Name in keyof typeof flagsNarrow]: Implementation<(typeof flagsNarrow)[Name]> };
