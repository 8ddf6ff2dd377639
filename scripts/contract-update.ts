/**
 * Regenerates `test/reference/api-reference.json`, the part of the reference OpenAPI file and of
 * the spec that the contract tests need: every response schema and every operation's request
 * parameters (schemas without prose or examples), the list of the real API's routes, and the documented example answers and events.
 *
 * usage: npm run contract:update -- <zulip-openapi.yaml> <team-chat-api.md>
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { extractReference, type OpenApiInput } from './reference-extract';

const OUTPUT = fileURLToPath(new URL('../test/reference/api-reference.json', import.meta.url));

function main(): void {
  const [openApiPath, specPath] = process.argv.slice(2);
  if (!openApiPath || !specPath) {
    process.stderr.write('usage: npm run contract:update -- <zulip-openapi.yaml> <team-chat-api.md>\n');
    process.exit(2);
  }
  const openApiText = readFileSync(openApiPath, 'utf8');
  const specText = readFileSync(specPath, 'utf8');
  const reference = extractReference(parse(openApiText) as OpenApiInput, specText, {
    openapi: { file: basename(openApiPath), sha256: sha256(openApiText) },
    spec: { file: basename(specPath), sha256: sha256(specText) },
  });
  writeFileSync(OUTPUT, `${JSON.stringify(reference, null, 1)}\n`);
  process.stdout.write(
    `wrote ${OUTPUT}: ${Object.keys(reference.responses).length} operations, ${reference.routes.length} routes\n`,
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

main();
