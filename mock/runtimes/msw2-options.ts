import { MockMisuseError } from '../factories/misuse';

/**
 * Refuses msw 2's `onUnhandledRequest` in the options of `call` (`server.listen`, `worker.start`)
 * with a {@link MockMisuseError} naming msw 3's `onUnhandledFrame`: msw 3, the mock's, ignores the
 * old name, so a request no handler matches would reach the network unnoticed.
 *
 * @example
 * refuseMsw2Options('server.listen', { onUnhandledRequest: 'error' });
 * // MockMisuseError: server.listen({ onUnhandledRequest }) is msw 2's option, ... Use server.listen({ onUnhandledFrame: 'error' })
 */
export function refuseMsw2Options(call: string, options: object | undefined): void {
  if (!options || !Object.hasOwn(options, 'onUnhandledRequest')) return;
  const strategy = (options as { onUnhandledRequest?: unknown }).onUnhandledRequest;
  const shown = typeof strategy === 'string' ? `'${strategy}'` : '...';
  throw new MockMisuseError(
    `${call}({ onUnhandledRequest }) is msw 2's option, which msw 3 (the mock's) ignores: a request no handler matches would ` +
      `go to the network. Use ${call}({ onUnhandledFrame: ${shown} })`,
  );
}
