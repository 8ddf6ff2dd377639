// A TypeDoc plugin: every exported function and class must show how it is used (`@example`).
// With `treatWarningsAsErrors`, `npm run docs` fails on one that does not.
import { Converter, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const wanted = ReflectionKind.Function | ReflectionKind.Class;
    for (const reflection of context.project.getReflectionsByKind(wanted)) {
      const comments = [reflection.comment, ...(reflection.signatures ?? []).map((signature) => signature.comment)];
      if (comments.some((comment) => comment?.getTag('@example'))) continue;
      app.logger.warn(`${reflection.getFullName()} has no @example`);
    }
  });
}
