import * as z from 'zod/mini';
import { defineEndpoint } from '../../../src/contract/endpoint';
import { runZcommand } from '../../domain/zcommands';
import type { Implementation } from '../../http/operation';

/** `POST /zcommand`: the web app's slash commands that change a display setting. Not in the SDK. */
export const zcommand = defineEndpoint({
  id: 'zcommand',
  method: 'POST',
  path: '/zcommand',
  params: z.object({ command: z.string() }),
  response: z.looseObject({ msg: z.optional(z.string()) }),
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
});

/** The command run for the caller; its answer is the envelope's `msg`. */
export const zcommandRoute: Implementation<typeof zcommand> = ({ state, user, params }) => runZcommand(state, user, params.command);
