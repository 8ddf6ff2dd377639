import * as z from 'zod/mini';
import { CreateSavedSnippetParams, EditSavedSnippetParams } from '../../src/schemas/saved-snippet';
import { pydanticStrip } from '../domain/python-strip';
import { pythonLength } from '../domain/python-len';

/** The server's `SavedSnippet.MAX_TITLE_LENGTH`. */
const MAX_SNIPPET_TITLE_LENGTH = 60;
/** The server's `settings.MAX_MESSAGE_LENGTH`, the limit of a snippet's content. */
const MAX_SNIPPET_CONTENT_LENGTH = 10_000;

/**
 * A string read with pydantic's `StringConstraints(min_length=1, max_length, strip_whitespace=True)`:
 * stripped first, then measured in characters (code points, not UTF-16 units), so the messages are
 * the server's `title cannot be blank` and `title is too long (limit: 60 characters)`.
 */
function strippedText(maximum: number) {
  return z.string().check(
    z.overwrite(pydanticStrip),
    z.minLength(1),
    z.check<string>((ctx) => {
      if (pythonLength(ctx.value) > maximum) {
        ctx.issues.push({ code: 'too_big', origin: 'string', maximum, inclusive: true, input: ctx.value });
      }
    }),
  );
}

const Title = strippedText(MAX_SNIPPET_TITLE_LENGTH);
const Content = strippedText(MAX_SNIPPET_CONTENT_LENGTH);

/**
 * How the mock decodes the saved snippet parameters: the SDK's plain strings, each replaced by the
 * server's constrained reading (creating and editing share the constraints; editing's are optional).
 */
export const SAVED_SNIPPET_MODEL_SCHEMAS: readonly (readonly [z.ZodMiniType, z.ZodMiniType])[] = [
  [CreateSavedSnippetParams.shape.title, Title],
  [CreateSavedSnippetParams.shape.content, Content],
  [EditSavedSnippetParams.shape.title, z.optional(Title)],
  [EditSavedSnippetParams.shape.content, z.optional(Content)],
];
