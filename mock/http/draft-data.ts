import * as z from 'zod/mini';
import { DraftInput } from '../../src/schemas/draft';
import { pydanticStrip } from '../domain/python-strip';
import { pydanticModel } from './pydantic-models';

/**
 * The server's `DraftData`, the model a draft parameter is read with: the SDK's draft with the
 * model's own checks at their fields' places, so the first failure in field and list order is
 * the one reported. `content` is stripped of Unicode whitespace (`strip_whitespace`) and must
 * keep a character (`drafts[0]["content"] cannot be blank`); `timestamp` is `int | float | None`.
 */
export const DraftData = pydanticModel(
  'DraftData',
  z.extend(DraftInput, {
    content: z.string().check(z.overwrite(pydanticStrip), z.minLength(1)),
    timestamp: z.optional(z.nullable(z.union([z.int(), z.number()]))),
  }),
);
