/**
 * `npm run fuzz`: many more random requests than the fixed-seed slice in `npm test`, with a new seed
 * each run (printed, so a failure can be replayed with FUZZ_SEED), in-process and over real HTTP.
 * Prints the counts and writes them to docs/reliability.md.
 *
 * usage: npm run fuzz [-- --runs 20000 --http-runs 2000]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type FuzzReport, fuzzInProcess, fuzzOverHttp } from '../test/fuzz/run';
import { runLoad } from '../test/load/run';

const OUTPUT = fileURLToPath(new URL('../docs/reliability.md', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string' }, 'http-runs': { type: 'string' } } });
const runs = Number(values.runs ?? 20_000);
const httpRuns = Number(values['http-runs'] ?? 2_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

function table(report: FuzzReport): string[] {
  const byOperation = new Map<string, number>();
  const byEncoding = new Map<string, number>();
  for (const [category, count] of report.tried) {
    const [operation = category, encoding = ''] = category.split(' (');
    // Stray paths, file requests and the site's root views name no operation.
    if (encoding) byOperation.set(operation, (byOperation.get(operation) ?? 0) + count);
    if (encoding) byEncoding.set(encoding.replace(')', ''), (byEncoding.get(encoding.replace(')', '')) ?? 0) + count);
  }
  const statuses = [...report.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  const encodings = [...byEncoding].sort(([a], [b]) => a.localeCompare(b)).map(([name, count]) => `${name}: ${count}`);
  return [
    `- answers by status: ${statuses.join(', ')}`,
    `- bodies: ${encodings.join(', ')}`,
    `- operations targeted: ${byOperation.size} (every declared one has the same chance), stray paths: ${report.tried.get('stray path') ?? 0}, files and tus: ${report.tried.get('files and tus') ?? 0}, ` +
      `the views at the site's root (/compatibility, /external_content/): ${report.tried.get('site root views') ?? 0}`,
    `- errors the mock logged (a 500 would be one): ${report.errorsLogged.length}`,
  ];
}

process.stdout.write(`fuzz: seed ${seed}, ${runs} requests in-process, ${httpRuns} over HTTP\n`);
const started = Date.now();
const inProcess = await fuzzInProcess(runs, seed);
const overHttp = await fuzzOverHttp(httpRuns, seed);
const LOAD = { senders: 50, messages: 10_000, queues: 50 };
const load = await runLoad(LOAD);
const inOrder = [...load.sentIds].sort((a, b) => a - b);
const loadProblems = [
  load.failedSends > 0 ? `${load.failedSends} sends failed` : '',
  new Set(load.sentIds).size !== LOAD.messages ? 'message IDs not unique or missing' : '',
  load.received.some((ids) => ids.length !== inOrder.length || ids.some((id, index) => id !== inOrder[index]))
    ? 'a queue missed, repeated or reordered a message'
    : '',
  load.queuesLeft > 0 ? `${load.queuesLeft} queues left after deleting them` : '',
].filter(Boolean);
if (loadProblems.length > 0) throw new Error(`load: ${loadProblems.join('; ')}`);
const lines = [
  '# Reliability',
  '',
  'Written by `npm run fuzz`; do not edit by hand. Every request is random (fast-check): an',
  'operation, its method (sometimes another), its path with odd segments, a random subset of its',
  'parameters with odd values (lone surrogates, null bytes, huge numbers, broken JSON) plus unknown',
  'ones, a body encoding (form, broken escapes, JSON, garbage, a truncated multipart, a',
  'well-formed multipart with a file) and credentials (valid for one of five users of different',
  'roles and kinds, missing, malformed or another user\'s key); requests at uploaded files and',
  'the tus endpoint (odd paths, methods and tus headers); and at the views at the site\'s root',
  '(`/compatibility` with odd or missing User-Agents, the Camo proxy\'s `/external_content/` with',
  'random digests and hex). Each answer must be the API\'s envelope with a code the SDK knows (files,',
  'their HTML refusal pages, tus answers, Camo\'s plain text and the CSRF failure page excepted), never a',
  '5xx, and the store must keep its invariants after each (unique message IDs below the next one,',
  'every message with a sender and a channel or a recipient, copies only for existing users and,',
  'for direct messages, only for participants, the subscriber index equal to the subscriptions,',
  'subscriptions, group members and subgroups (without cycles), bot settings and event queues pointing at what exists,',
  'attachments with bytes of their size and linked messages that exist and index back, upload',
  'space equal to their sum). A failure prints the shrunk request as a curl command.',
  'In-process, half the requests go to a realm at the mock\'s own feature level and the rest to',
  'realms started as older servers: the oldest the mock can be and the level just before each',
  'change it reproduces for older servers, so their code paths are fuzzed too.',
  '',
  `Last run: ${new Date().toISOString()}, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(0)} s; every property held.`,
  '',
  `## In-process (${runs} requests)`,
  '',
  `- realms at ${inProcess.levels ?? 1} feature levels`,
  ...table(inProcess),
  '',
  `## Over real HTTP, raw sockets (${httpRuns} requests)`,
  '',
  ...table(overHttp),
  '',
  'The fixed-seed slice in `npm test` is `test/fuzz.test.ts` (400 requests) and',
  '`test/fuzz-http.test.ts` (150). Found by fuzzing so far: nothing to fix (the hardening issue had',
  'already made every route answer malformed input with the envelope).',
  '',
  `## Load (${LOAD.senders} clients, ${LOAD.messages} messages, ${LOAD.queues} long-polling queues)`,
  '',
  `Through the standalone server over real HTTP (\`test/load/run.ts\`; \`test/load.test.ts\` is a short`,
  'version in `npm test`): every send accepted, message IDs unique and increasing, every queue',
  'received every message exactly once and in order, and no queue left after deleting them.',
  '',
  `- ${load.seconds.toFixed(1)} s for the whole load (${(LOAD.messages / load.seconds).toFixed(0)} messages a second, each delivered to ${LOAD.queues} queues)`,
  `- heap: ${load.heapBeforeMb.toFixed(1)} MB before, ${load.heapWithQueuesMb.toFixed(1)} MB after the load with the queues open, ${load.heapAfterDeleteMb.toFixed(1)} MB once they are deleted (the stored messages stay)`,
  '',
  '## The permission matrix',
  '',
  '`test/permission-matrix.test.ts` calls every declared operation as each of ten kinds of caller',
  '(no credentials, a wrong key, a deactivated user, an incoming-webhook bot, a generic bot, a guest,',
  'a member, a moderator, an administrator, the owner) and checks the exact refusal the',
  "operation's declared access implies, or an explicit row for the refusals the operation makes",
  'itself (bot storage only for bots, no bots in `PATCH /settings`, ...); an operation added without',
  'a row fails to compile.',
  '',
];
writeFileSync(OUTPUT, `${lines.join('\n')}`);
process.stdout.write(`${lines.slice(12).join('\n')}\nfuzz: wrote ${OUTPUT}\n`);
