/** What `teamchat-mock --help` prints, and what follows a refused command line. */
export const USAGE = [
  'usage: teamchat-mock [options]      start the standalone mock server',
  '       teamchat-mock init [public]  copy msw\'s service worker script into a public directory',
  '',
  '  --port 9991               port to listen on (0: any free port)',
  '  --host 127.0.0.1          address to listen on; beyond loopback the mock warns (it is a test server)',
  '  --seed file.json          the realm to start from (format: docs/seed.md)',
  '  --state file.json         load the realm from this file if it exists; save it there on SIGINT/SIGTERM',
  '                            (and on POST /__admin/save), atomically',
  '  --feature-level 435       behave as a server of this API feature level (60 to 435)',
  '  --rate-limits 60:200|off  per-user limits as seconds:requests rules, or none',
  "  --faults '[...]'          JSON fault specs injected at start (docs/mock.md)",
  '  --no-dev-endpoints        no /dev_fetch_api_key or /dev_list_users, as on a production server',
  '  --limit-guest-presence    in a realm that limits guests, guests get no presence of users they',
  "                            may not see (the server's CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE)",
  '  --thumbnail-delay 2000    milliseconds after an upload until its thumbnails exist (default 0:',
  '                            at once); until then image previews are the loading placeholder',
  '  --camo-uri URI            where messages load external images, videos and audio from (the',
  "                            server's CAMO_URI; default /external_content/, as a production",
  "                            server, served here as a redirect to the URL); '' turns Camo off",
  '  --camo-key KEY            the key signing those URLs (CAMO_KEY; default teamchat-mock-camo-key)',
  '  --link-previews file.json the pages link previews are made from: {"https://...": {"title": ...,',
  '                            "description": ..., "image": ...}} (as the server, none without an',
  '                            image); shown once an administrator turns on inline_url_embed_preview',
  '  --push-bouncer            send push notifications through a simulated push bouncer, which keeps',
  '                            the device tokens registered here; without it POST',
  '                            /mobile_push/register answers PUSH_SERVICE_NOT_CONFIGURED',
  '                            (docs/drafts-typing-push.md)',
  '  --push-bouncer-key KEY    a bouncer public key the bouncer accepts for end-to-end encrypted',
  '                            registrations (repeatable or comma-separated; implies --push-bouncer)',
  '  --admin                   serve /__admin/reset, /__admin/state (GET, PUT), /__admin/save,',
  '                            /__admin/faults (POST, DELETE), /__admin/link-previews (POST, DELETE),',
  '                            /__admin/clock and /__admin/restart',
  '  --cors ORIGIN|*           let browser apps on that origin (or any) call the API; repeat for more',
  '  --allowed-host NAME       accept this Host name besides loopback ones (repeatable)',
  '  --log                     print one line per request: method, path (secrets redacted), status, time',
  '  --help, -h                this text',
].join('\n');

/** Refuses the command line: the message, then the usage; exit status 2. */
export function fail(message: string): never {
  process.stderr.write(`teamchat-mock: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/**
 * Stops on a failure that is not a usage error (a busy port, a bad seed or state file, a directory
 * `init` cannot write): the message alone; exit status 2.
 */
export function quit(message: string): never {
  process.stderr.write(`teamchat-mock: ${message.replace(/^\[teamchat-mock\] /, '')}\n`);
  process.exit(2);
}

/** An error's message, or the thrown value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
