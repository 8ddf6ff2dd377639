/**
 * What was found to cause a missed target, by the start of the figure's name (the first entry
 * that matches wins, so longer names come first): the report prints it under the figure when the
 * target is missed in that run. Each says what was measured or fixed.
 */
export const MISSED_TARGET_CAUSES: readonly (readonly [string, string])[] = [
  [
    'messages.get through setupServer, over',
    'the SDK\'s own work per call (about 0.4 ms through mock.fetch against 0.25 ms for a hand-written fetch: ky\'s option normalization and its request clone for retries, the response validated with zod, the body read whole within the attempt\'s timeout) bounds the gain; MSW\'s per-handler URL matching was removed (one router), which helped both paths.',
  ],
  [
    'messages.get through setupServer',
    'the SDK\'s own work, measured against a fetch that answers a constant: about 120-145 µs per call. A CPU profile of it: ky\'s per-call setup (option merge, its Request, a managed AbortSignal) about 27%, ky\'s timeout wrapper 10%, the request clone kept for retries 5%, the second Response that holds the body read inside the attempt (so that a stalled body times out and is retried) 16%, zod validation about 5%. ky was given an absolute URL, so it no longer builds a throwaway Request per call to resolve `baseUrl`.',
  ],
  ['messages.send through setupServer', 'as for messages.get: validation, the buffered body, and ky\'s per-call option handling.'],
  [
    'GET /messages/{id}, 10 connections',
    'a CPU profile of the built server under autocannon (GET, 10 connections) splits its busy time into: building the WHATWG Request from node:http\'s (12%, undici\'s Request about 10), building the Response (about 11%, undici\'s body stream), writing to the socket (11%, as the bare server does), parsing HTTP (11%), the operation itself (authentication 3%, parameters 5%, reading and serializing the message 7%), the rest promise plumbing and garbage collection. An envelope\'s JSON is now written as text with its headers in one write instead of reading the Response\'s stream back (about 2,700 to 3,200-3,800 req/s in an A/B). What is left to win is mostly the two WHATWG objects per request, which the shared core (the same handlers serve MSW) takes and returns.',
  ],
  ['POST /messages, 10 connections', 'as for GET, plus sending\'s own work (Markdown, recipients, events).'],
  [
    'rendering a typical message',
    'rendering is markdown-it\'s parse and render with the dialect\'s plugins against about 0.5 ms for the whole send; a CPU profile of bulk rendering puts markdown-it\'s token and state objects first: markdown-it 15\'s distribution defines each of their fields through a `_defineProperty` helper (about a fifth of rendering; stock markdown-it 15 alone takes about 8 µs for `hello`). markdown-it 14.3, maintained alongside, renders the same contents about 25% faster and passes every rendering test, which is not enough for this target and not worth a major version back. The bare-link pattern, once the largest single cost, now runs only where a link may start.',
  ],
  [
    'GET /messages, channel + topic narrow',
    'the answer serializes 20 messages (about 9 kB of JSON: a CPU profile puts JSON.stringify and the Response at a fifth of the request) that the constant handler sends prebuilt. The channel and topic indexes now keep their IDs ascending (no copy and sort per request) and topic links are cached per topic.',
  ],
  [
    'GET /messages/{id}',
    'per request: Basic credentials checked, the rate-limit counter, the journal entry and the Date header; the JSON answer no longer goes through Response.json (about 15 µs less per answer).',
  ],
  ['POST /messages', 'sending renders Markdown, writes one record per recipient and records the event; all are the semantics being measured.'],
  [
    'GET /users/me/subscriptions',
    'the caller has the same three subscriptions in both realms. The list used to build every channel the caller never subscribed to (200 in the large realm) and drop them, and each channel\'s weekly traffic scanned all its messages; now only the subscriptions are built and the traffic count reads only new messages.',
  ],
  [
    'building the large realm',
    'linear in the messages. A CPU profile showed rendering as most of it (the bare-link pattern with 1,500 TLDs tried at every word above all): the pattern now runs only where a cheap twin finds a possible link, and seeded messages that nothing can render differently later are rendered on first read, which brought the build from 11.4 s to about 3 s; what remains is one @mswjs/data record per message, one flags entry per copy and the indexes.',
  ],
  [
    'whole SDK entry',
    'ky 2.1 (25 kB minified) and zod/mini with every operation\'s schemas; the 30 kB target needs a lighter HTTP layer than ky.',
  ],
  [
    'an app sending one message with ApiClient',
    'ky alone is 8.9 kB gzipped and zod/mini with the send schemas about 6 kB: 15 kB needs a lighter HTTP layer than ky.',
  ],
];

/** The cause recorded for a figure's missed target, if any. */
export function causeOf(name: string): string | undefined {
  return MISSED_TARGET_CAUSES.find(([prefix]) => name.startsWith(prefix))?.[1];
}
