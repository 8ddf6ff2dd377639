/**
 * What was found to cause a missed target, by the start of the figure's name (the first entry
 * that matches wins, so longer names come first): the report prints it under the figure when the
 * target is missed in that run. Each says what was measured or fixed.
 */
const MISSED_TARGET_CAUSES: readonly (readonly [string, string])[] = [
  [
    'messages.get through setupServer, over',
    'the SDK\'s own work per call (about 0.4 ms through mock.fetch against 0.25 ms for a hand-written fetch: ky\'s option normalization and its request clone for retries, the response validated with zod, the body read whole within the attempt\'s timeout) bounds the gain; MSW\'s per-handler URL matching was removed (one router), which helped both paths.',
  ],
  [
    'messages.get through setupServer',
    'the SDK\'s own work, measured against a fetch that answers a constant: about 120-145 µs per call. A CPU profile of it: ky\'s per-call setup (option merge, its Request, a managed AbortSignal) about 27%, ky\'s timeout wrapper 10%, the request clone kept for retries 5%, the second Response that held the body read inside the attempt (so that a stalled body times out and is retried) 16%, zod validation about 5%. Since 2026-11-27 the body is read once into a string kept beside the response, with no second Response: messages.get through mock.fetch takes about 12% less (48-49 against 55-58 µs at the minimum, one checkout per process, alternated), and through setupServer the ratio moved from 1.21 to about 1.19, the rest being ky\'s. ky was given an absolute URL, so it no longer builds a throwaway Request per call to resolve `baseUrl`. ky by itself, asked for no retries and no timeout, is about 1.11x on the same request (the figure `ky alone` in this section): the 1.10 target is out of reach for any SDK built on ky.',
  ],
  ['messages.send through setupServer', 'as for messages.get: validation and ky\'s per-call option handling (the body is read once, as for messages.get).'],
  [
    'GET /messages/{id}, 10 connections',
    'requests now reach the handlers as a NodeRequest (node:http\'s parsed headers and the body read whole: no WHATWG Request, Headers or body stream; the abort signal made only when a long-poll or a fault reads it) and operations answer with a JsonReply that the adapter writes in one writeHead and end (no Response): about 3,900 to 6,000-7,700 req/s. A CPU profile of the built server under autocannon now: writing to the socket about 29% (as the bare server does), idle 12%, the rest the operation (serializing the envelope 4%, authentication, parameters, the journal) and node:http\'s own parsing. The ratio sits at the target, its blocks on both sides of it (about 0.32-0.44 over this session\'s runs).',
  ],
  [
    'POST /messages, 10 connections',
    'measured as main-thread CPU per request (from /proc, under autocannon): about 280 µs for the mock against about 75 µs for the bare server. Most of the gap is not the send: writing the answer (one write, as the bare server makes) took about 170 µs of the mock\'s thread against about 55 µs in the bare server, because the slower the server, the more often autocannon sleeps and each write has to wake it (a bare server made to spin 150 µs per request shows the same write cost), so each µs of the server\'s own work costs about 1.5. Found and cut: every request made an Error with its stack in the close listener of its body (now read through its data and end events, not the stream\'s async iterator); content of plain ASCII words went through markdown-it (about 20 µs; now its own paragraph unless the realm has linkifiers, checked against the parser); each stored record was copied for @mswjs/data\'s create event, which nothing listens to outside browsers; each form POST kept a WeakMap entry for the method override. CPU per request went to about 195 µs (the report before these changes: 0.23x; the level moves with the machine\'s load: alternating runs on a busier machine read 0.43-0.44 before and 0.54-0.60 after). In-process the send now takes about 35-45 µs (storing the message, its copies and indexes about a quarter; decoding the parameters, authentication, the journal and the envelope most of the rest), and does not grow with the messages sent (flat over 120,000). Earlier: the adapter changes above took it from 0.16x to about 0.22x, and cheaper rendering (below) to about 0.26x.',
  ],
  [
    'rendering a typical message',
    'rendering is markdown-it\'s parse and render with the dialect\'s plugins against the whole send (measured on a machine where a send took about 0.5 ms); a CPU profile of bulk rendering puts markdown-it\'s token and state objects first: markdown-it 15\'s distribution defines each of their fields through a `_defineProperty` helper (about a fifth of rendering; stock markdown-it 15 alone takes about 8 µs for `hello`). markdown-it 14.3, maintained alongside, renders the same contents about 25% faster and passes every rendering test, which is not enough for this target and not worth a major version back. The bare-link pattern, once the largest single cost, now runs only where a link may start. Three more causes found by profiling are gone: the render environment built its resolvers as new closures per message, the realm\'s URL was parsed for every message and each link twice, and every digit of a text was looked up as an emoji (digits, `#` and `*` have the Unicode Emoji property); the share went from about 0.19 to 0.165. What is left is markdown-it itself: stock markdown-it takes 17 µs for the one-line typical message and about 46 µs for the list, above the 5% (about 25 µs) on their own. On the faster machine of 2026-11-27 (a send about 55 µs) the share reads about 0.18 for the code of the day before as well (an A/B in one run: 0.18-0.19 both), so the change from 0.145 in the earlier report is the machine\'s, not the code\'s: rendering costs about the same 10-15 µs per typical message while the rest of the send got cheaper. Since 2026-11-27 the renderer reproduces the server\'s dialect rule for rule, checked against the server\'s own renderer on 600 random messages (591 match, the rest server bugs): lists read by a port of the server\'s list processing, tables as Python-Markdown\'s extension, inline patterns in the server\'s order, blocks and fences as its preprocessors leave them. That costs about 1-1.5 µs more per typical message than the code of that morning (one root per process, interleaved: about 10.5-10.9 against 9.3-9.4 µs; a profile-driven pass took it back from about +23%), and the share read 0.26 in the run after it, against 0.20 before.',
  ],
  [
    'GET /messages, channel + topic narrow',
    'instrumented per request (constant handler about 167 µs on the loaded machine measured): selecting the page and serializing its 20 messages now about 26 µs (was about 44), JSON.stringify of the 9 kB answer about 30 µs (a hand-written serializer of the same JSON was 1.3x slower than the native one), decoding the parameters about 15 µs (a quarter of it the narrow\'s JSON.parse) and reading them about 9, authentication, the router and the journal about 20, the Response of 9 kB about 35 (the constant handler builds one too). A CPU profile of the page found each flag list built by a filter with a closure and a name lookup per flag (a fifth of getMessages), each message\'s optional fields spread in, an empty edit history built and dropped per message, the sender\'s fields worked out per message rather than per sender, a closure per candidate tested, and the candidates made as an object literal with a getter: all gone, getMessages about 40% faster and the whole request about 6% (the report before these changes: 2.06x). What remains above the constant handler is mostly serializing the answer and decoding the parameters. Parameters are decoded by a plan built once per operation and the Date formatted once per second; the channel and topic indexes keep their IDs ascending and topic links are cached per topic. On the faster machine of 2026-11-27 the ratio reads about 1.9, and the code of the day before about 2.0 in the same A/B run: the fixed costs shrink less than the constant handler does on that machine.',
  ],
  [
    'GET /messages/{id}',
    'per request: Basic credentials checked, the rate-limit counter, the journal entry and the Date header. Parameters are decoded by a plan built once per operation, the server\'s headers given when the Response is built (not set one by one afterwards) and the Date formatted once per second: 1.51x before, about 1.22x after.',
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
