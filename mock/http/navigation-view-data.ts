import * as z from 'zod/mini';
import { AddNavigationViewParams, EditNavigationViewParams } from '../../src/schemas/navigation-view';
import { pydanticStrip } from '../domain/python-strip';

/**
 * A string read with the server's `StringConstraints(strip_whitespace=True, min_length=1)`:
 * stripped first, so that a blank one is `fragment cannot be blank`.
 */
const Stripped = z.string().check(z.overwrite(pydanticStrip), z.minLength(1));

/**
 * How the mock decodes the navigation view parameters: the SDK's plain strings, each replaced by
 * the server's constrained reading. The fragment in the path of PATCH and DELETE is not among
 * them: the server reads a path parameter as it comes.
 */
export const NAVIGATION_VIEW_MODEL_SCHEMAS: readonly (readonly [z.ZodMiniType, z.ZodMiniType])[] = [
  [AddNavigationViewParams.shape.fragment, Stripped],
  [AddNavigationViewParams.shape.name, z.optional(Stripped)],
  [EditNavigationViewParams.shape.name, z.optional(Stripped)],
];
