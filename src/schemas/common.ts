import * as z from 'zod/mini';

/** An integer ID (user, channel, message, ...). */
export const Id = z.int();

/**
 * The success body of an operation: its own fields, plus the
 * `ignored_parameters_unsupported` list the server adds when it ignored parameters.
 * Loose, so fields added by newer servers pass through.
 *
 * @example
 * import * as z from 'zod/mini';
 * export const GetThingResponse = successBody({ thing: z.string() });
 */
export /* @__NO_SIDE_EFFECTS__ */ function successBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.looseObject({
    ...shape,
    /** Parameters the server did not recognise and ignored (feature level 167+). */
    ignored_parameters_unsupported: z.optional(z.array(z.string())),
  });
}

/** The error envelope: `result: "error"`, a message, a code (absent on a few errors) and extras. */
export const ErrorEnvelope = z.looseObject({
  result: z.literal('error'),
  msg: z.string(),
  code: z.optional(z.string()),
});

/** The error envelope as parsed. */
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
