/**
 * Regenerates `mock/http/response-field-levels.json` from the committed reference extract
 * (`test/reference/api-reference.json`; run it after `npm run contract:update`): the fields the
 * mock started as an older server leaves out of its answers and events (`mock/http/older-answers.ts`).
 * The table is described in `response-field-levels.ts`; `response-field-levels.test.ts` fails while
 * the committed one is stale.
 *
 * usage: npx tsx scripts/response-field-levels-update.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ApiReference } from './reference-extract';
import { responseFieldLevels } from './response-field-levels';

const INPUT = fileURLToPath(new URL('../test/reference/api-reference.json', import.meta.url));
const OUTPUT = fileURLToPath(new URL('../mock/http/response-field-levels.json', import.meta.url));

const table = responseFieldLevels(JSON.parse(readFileSync(INPUT, 'utf8')) as ApiReference);
writeFileSync(OUTPUT, `${JSON.stringify(table)}\n`);
process.stdout.write(`wrote ${OUTPUT}: ${Object.keys(table.operations).length} operations, ${Object.keys(table.events).length} event kinds\n`);
