/**
 * Regenerates `bench/peer-openapi.json`: the two operations the peer benchmark sends
 * (GET /messages/{message_id}, POST /messages), cut from the reference OpenAPI file with every
 * `$ref` inlined and the prose dropped, so Stoplight Prism can mock them from the repository alone.
 *
 * usage: npx tsx scripts/peer-openapi-update.ts <zulip-openapi.yaml>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const OUTPUT = fileURLToPath(new URL('../bench/peer-openapi.json', import.meta.url));
const OPERATIONS = [
  ['/messages/{message_id}', 'get'],
  ['/messages', 'post'],
] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function resolvePointer(root: Json, ref: string): Json {
  let node = root;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || Array.isArray(node) || !(key in node)) {
      throw new Error(`unresolvable $ref ${ref}`);
    }
    node = node[key] as Json;
  }
  return node;
}

/** The node with every local `$ref` replaced by its target and prose (`description`) dropped. */
function inline(root: Json, node: Json, seen: readonly string[], inProperties = false): Json {
  if (Array.isArray(node)) return node.map((item) => inline(root, item, seen));
  if (node === null || typeof node !== 'object') return node;
  const ref = node['$ref'];
  if (typeof ref === 'string') {
    if (seen.includes(ref)) return {};
    return inline(root, resolvePointer(root, ref), [...seen, ref]);
  }
  const result: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (!inProperties && key === 'description' && typeof value === 'string') continue;
    result[key] = inline(root, value, seen, key === 'properties');
  }
  return result;
}

function main(): void {
  const [openApiPath] = process.argv.slice(2);
  if (!openApiPath) {
    process.stderr.write('usage: npx tsx scripts/peer-openapi-update.ts <zulip-openapi.yaml>\n');
    process.exit(2);
  }
  const root = parse(readFileSync(openApiPath, 'utf8')) as { [key: string]: Json };
  const paths: { [key: string]: { [key: string]: Json } } = {};
  for (const [path, method] of OPERATIONS) {
    const operation = resolvePointer(root, `#/paths/${path.replace(/\//g, '~1')}/${method}`);
    paths[path] = { ...paths[path], [method]: inline(root, operation, []) };
  }
  const spec = {
    openapi: '3.0.1',
    info: { title: 'team-chat API (the operations of the peer benchmark)', version: '1' },
    servers: [{ url: 'http://localhost:9991/api/v1' }],
    paths,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(spec)}\n`);
  process.stdout.write(`wrote ${OUTPUT}\n`);
}

main();
