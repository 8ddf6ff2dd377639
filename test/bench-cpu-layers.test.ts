import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { busyShare, type CpuProfile, layerShares, sharesAcross } from '../bench/cpu-layers';

const frame = (functionName: string, url = '', lineNumber = 0, columnNumber = 0) => ({ functionName, url, lineNumber, columnNumber });

/** A bundle whose source map says its first line came from mock/domain/messages/send.ts. */
function bundleFromTheOperation(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cpu-layers-'));
  writeFileSync(join(dir, 'chunk.js'), 'function send() {}\n');
  writeFileSync(join(dir, 'chunk.js.map'), JSON.stringify({ version: 3, sources: ['../../mock/domain/messages/send.ts'], names: [], mappings: 'AAAA' }));
  return pathToFileURL(join(dir, 'chunk.js')).href;
}

/**
 * root -> Node's parser (node:_http_server) -> the router (mock/http) -> JSON.stringify (a builtin)
 *      -> the bundled operation -> Node's socket write (node:internal/stream_base_commons) -> the
 *         native write (no source); plus GC, idle and time outside JavaScript.
 */
function profile(): CpuProfile {
  return {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 6, 7, 8] },
      { id: 2, callFrame: frame('parserOnIncoming', 'node:_http_server'), children: [3] },
      { id: 3, callFrame: frame('dispatch', 'file:///nowhere/mock/http/dispatch.ts'), children: [4, 5] },
      { id: 4, callFrame: frame('stringify') },
      { id: 5, callFrame: frame('send', bundleFromTheOperation(), 0, 9), children: [9] },
      { id: 6, callFrame: frame('(garbage collector)') },
      { id: 7, callFrame: frame('(idle)') },
      { id: 8, callFrame: frame('(program)') },
      { id: 9, callFrame: frame('handleWriteReq', 'node:internal/stream_base_commons'), children: [10] },
      { id: 10, callFrame: frame('writeUtf8String') },
    ],
    samples: [2, 3, 4, 5, 6, 7, 7, 8, 10],
    // Microseconds since the previous sample; the first since the start, before anything was
    // sampled (the server waiting for the load), which no sample accounts for. Each sample lasts
    // until the next one (the last until the end), as Chrome's DevTools count it: a gap in the
    // sampling (as during a garbage collection) is the state before it.
    startTime: 1_000_000,
    timeDeltas: [70_000, 100, 100, 200, 300, 100, 500, 500, 200],
    endTime: 1_000_000 + 70_000 + 2_000 + 1000,
  };
}

/** A bundle of three lines from bundled packages: markdown-it, outvariant (a dependency of @mswjs/data) and zod. */
function bundleOfPackages(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cpu-layers-'));
  writeFileSync(join(dir, 'chunk.js'), 'function render() {}\nfunction invariant() {}\nfunction parse() {}\n');
  const sources = ['../../main/node_modules/markdown-it/lib/renderer.mjs', '../../main/node_modules/outvariant/src/invariant.ts', '../node_modules/zod/v4/core/schemas.js'];
  writeFileSync(join(dir, 'chunk.js.map'), JSON.stringify({ version: 3, sources, names: [], mappings: 'AAAA;ACAA;ACAA' }));
  return pathToFileURL(join(dir, 'chunk.js')).href;
}

describe("the benchmark's CPU profile by layer", () => {
  it('counts a bundled package for the layer that uses it, whatever its own folders are called', () => {
    const chunk = bundleOfPackages();
    const packages: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 3, 4] },
        { id: 2, callFrame: frame('render', chunk, 0, 0) },
        { id: 3, callFrame: frame('invariant', chunk, 1, 0) },
        { id: 4, callFrame: frame('parse', chunk, 2, 0) },
      ],
      samples: [2, 3, 4],
      startTime: 0,
      timeDeltas: [0, 100, 100],
      endTime: 300,
    };
    expect(layerShares(packages).map(({ layer }) => layer).sort()).toEqual([
      "parameter schemas (the SDK's zod schemas)",
      'the operation itself (mock/routes, mock/domain, and what they call: markdown-it, re2js...)',
      'the store (mock/store, @mswjs/data and its dependencies)',
    ]);
  });

  it('splits busy time by the source file of each function, builtins with their caller, idle left out', () => {
    const shares = Object.fromEntries(layerShares(profile()).map(({ layer, share }) => [layer, Math.round(share * 1000) / 1000]));
    expect(shares).toEqual({
      "Node's HTTP server and streams": 0.05,
      'routing, authentication, parameters and the answer (mock/http)': 0.15,
      'the operation itself (mock/routes, mock/domain, and what they call: markdown-it, re2js...)': 0.15,
      'garbage collection': 0.05,
      'V8 and native code outside JavaScript': 0.1,
      "writing to sockets (the system call, the kernel's loopback delivery to the client included)": 0.5,
    });
  });

  it('orders the layers by their share, largest first', () => {
    const shares = layerShares(profile()).map(({ share }) => share);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
  });

  it('gathers each layer\'s share across profiles, 0 where a profile had none of it, the largest first', () => {
    const whole = profile();
    // Only the socket write, sampled for 1 ms.
    const writesOnly: CpuProfile = { ...whole, samples: [10], timeDeltas: [0], endTime: whole.startTime + 1000 };
    const across = sharesAcross([whole, writesOnly]);
    expect(across[0]).toEqual({ layer: "writing to sockets (the system call, the kernel's loopback delivery to the client included)", shares: [0.5, 1] });
    expect(across.find(({ layer }) => layer === 'garbage collection')).toEqual({ layer: 'garbage collection', shares: [0.05, 0] });
    expect(across).toHaveLength(6);
  });

  it('gives the share of the time the process was busy', () => {
    expect(busyShare(profile())).toBeCloseTo(2000 / 3000);
  });
});
