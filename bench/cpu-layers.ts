/**
 * Where a process's CPU time went, by layer of the code: a V8 CPU profile's self time grouped by
 * the source file each function came from (read back through the bundle's source maps).
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** A V8 CPU profile (`Profiler.stop`'s `profile`, or a `.cpuprofile` file). */
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  /** Microseconds, V8's monotonic clock. */
  readonly startTime: number;
  readonly endTime: number;
  /** The node on top of the stack at each sample. */
  readonly samples: readonly number[];
  /** Microseconds since the previous sample (the first since `startTime`). */
  readonly timeDeltas: readonly number[];
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber: number };
  readonly children?: readonly number[];
}

/** One layer's share of the time the process was busy. */
export interface LayerShare {
  readonly layer: string;
  /** Of the busy time, 0 to 1. */
  readonly share: number;
}

const NODE = "Node's HTTP server and streams";
const ROUTING = 'routing, authentication, parameters and the answer (mock/http)';
const OPERATION = 'the operation itself (mock/routes, mock/domain, and what they call: markdown-it, re2js...)';
const STORE = 'the store (mock/store, @mswjs/data and its dependencies)';
const SCHEMAS = "parameter schemas (the SDK's zod schemas)";

/** The repository's own layers, by the folder a source is in (`../mock/http/…` in a bundle's map, a path under tsx). */
const FOLDER_LAYERS: readonly (readonly [RegExp, string])[] = [
  [/(?:^|\/)mock\/runtimes\//, 'the node:http adapter (mock/runtimes)'],
  [/(?:^|\/)mock\/http\//, ROUTING],
  [/(?:^|\/)mock\/(?:routes|domain|seed|factories)\//, OPERATION],
  [/(?:^|\/)mock\/store\//, STORE],
  [/(?:^|\/)src\//, SCHEMAS],
];

/**
 * The packages the server runs, by the layer that calls them: a package's own folders (`src/`,
 * `lib/`) say nothing of that. The store's are @mswjs/data's dependencies.
 */
const PACKAGE_LAYERS: ReadonlyMap<string, string> = new Map([
  ...['zod'].map((name) => [name, SCHEMAS] as const),
  ...['msw', '@mswjs/interceptors'].map((name) => [name, ROUTING] as const),
  ...['@mswjs/data', 'lodash', 'date-fns', '@babel/runtime', 'outvariant', 'strict-event-emitter', 'md5', 'pluralize', 'uuid', 'debug', 'graphql'].map(
    (name) => [name, STORE] as const,
  ),
  ...['markdown-it', 'linkify-it', 'entities', 'mdurl', 'uc.micro', 'punycode.js', 'katex', 're2js', 'stemmer', 'image-size', '@noble/hashes', 'mrmime'].map(
    (name) => [name, OPERATION] as const,
  ),
]);

/** The package a source belongs to: the name after its last `node_modules/`. */
const PACKAGE = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//;

const OTHER_CODE = 'other JavaScript';
/**
 * Node's stream writes to a socket (`handleWriteReq`, `writevGeneric`) call a native binding
 * (`writeUtf8String`, `writeBuffer`, `writev`) that writes at once: its time is the write system
 * call, and on loopback the kernel delivers the bytes to the client within it. Under load it is
 * most of the server's busy time, so it is a layer of its own rather than Node's JavaScript.
 */
const SOCKET_WRITER = 'node:internal/stream_base_commons';
const SOCKET_WRITES = "writing to sockets (the system call, the kernel's loopback delivery to the client included)";
/** V8's own pseudo-frames. */
const GARBAGE_COLLECTION = '(garbage collector)';
const OUTSIDE_JAVASCRIPT = '(program)';
const IDLE = '(idle)';

/**
 * How long each sample stands for: until the next sample, the last until the profile's end, as
 * Chrome's DevTools count it. A gap in the sampling (a garbage collection, a stalled sampler) so
 * counts for the state it began in; the time from the start to the first sample (the server still
 * waiting for the load) counts for none.
 */
function sampleDurations(profile: CpuProfile): number[] {
  const { samples, timeDeltas } = profile;
  let last = profile.startTime;
  for (const delta of timeDeltas) last += delta;
  return samples.map((_, index) => (index + 1 < samples.length ? (timeDeltas[index + 1] ?? 0) : Math.max(0, profile.endTime - last)));
}

/** The layer of a source path (a file URL, a bundle map's source or a `node:` module). */
function layerOfSource(source: string): string {
  if (source.startsWith('node:')) return NODE;
  const name = PACKAGE.exec(source)?.[1];
  if (name !== undefined) return PACKAGE_LAYERS.get(name) ?? OTHER_CODE;
  return FOLDER_LAYERS.find(([pattern]) => pattern.test(source))?.[1] ?? OTHER_CODE;
}

/** Reads the source maps of bundled files, once each. */
class SourceResolver {
  readonly #maps = new Map<string, SourceMap | undefined>();

  /** The original source of a position in a script: the script itself when it has no map. */
  sourceOf(url: string, line: number, column: number): string {
    if (!url.startsWith('file://')) return url;
    const map = this.#mapOf(url);
    const entry = map?.findEntry(line, column) as { originalSource?: string } | undefined;
    return entry?.originalSource ?? url;
  }

  #mapOf(url: string): SourceMap | undefined {
    if (!this.#maps.has(url)) {
      const path = `${fileURLToPath(url)}.map`;
      this.#maps.set(url, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : undefined);
    }
    return this.#maps.get(url);
  }
}

/**
 * Each layer's share of the busy (not idle) time. A V8 builtin (JSON.stringify, a regular
 * expression) counts with the nearest caller that has a source, so the layer that asked for the
 * work pays for it; garbage collection, time outside JavaScript and socket writes (the native
 * write under Node's stream code) are layers of their own.
 */
export function layerShares(profile: CpuProfile): LayerShare[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const resolver = new SourceResolver();
  const layerOfNode = new Map<number, string | undefined>();
  const layerOf = (id: number): string | undefined => {
    if (layerOfNode.has(id)) return layerOfNode.get(id);
    const frame = byId.get(id)?.callFrame;
    let layer: string | undefined;
    if (frame?.functionName === GARBAGE_COLLECTION) layer = 'garbage collection';
    else if (frame?.functionName === OUTSIDE_JAVASCRIPT) layer = 'V8 and native code outside JavaScript';
    else if (frame?.functionName === IDLE) layer = undefined;
    else if (frame?.url) layer = layerOfSource(resolver.sourceOf(frame.url, frame.lineNumber, frame.columnNumber));
    else {
      const parent = parentOf.get(id);
      if (parent !== undefined && byId.get(parent)?.callFrame.url === SOCKET_WRITER) layer = SOCKET_WRITES;
      else layer = parent === undefined ? OTHER_CODE : (layerOf(parent) ?? OTHER_CODE);
    }
    layerOfNode.set(id, layer);
    return layer;
  };
  const totals = new Map<string, number>();
  const durations = sampleDurations(profile);
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const layer = layerOf(id);
    if (layer === undefined) return;
    const micros = durations[index] ?? 0;
    totals.set(layer, (totals.get(layer) ?? 0) + micros);
    busy += micros;
  });
  return [...totals]
    .map(([layer, micros]) => ({ layer, share: busy > 0 ? micros / busy : 0 }))
    .sort((a, b) => b.share - a.share);
}

/** One layer's shares of the busy time in several profiles of the same load, in their order. */
export interface LayerShares {
  readonly layer: string;
  /** 0 to 1 each; 0 where a profile had none of the layer. */
  readonly shares: readonly number[];
}

/** Each layer's share in each of `profiles` ({@link layerShares}), the largest in total first. */
export function sharesAcross(profiles: readonly CpuProfile[]): LayerShares[] {
  const byLayer = new Map<string, number[]>();
  profiles.forEach((profile, index) => {
    for (const { layer, share } of layerShares(profile)) {
      const shares = byLayer.get(layer) ?? profiles.map(() => 0);
      shares[index] = share;
      byLayer.set(layer, shares);
    }
  });
  const total = (shares: readonly number[]) => shares.reduce((sum, share) => sum + share, 0);
  return [...byLayer].map(([layer, shares]) => ({ layer, shares })).sort((a, b) => total(b.shares) - total(a.shares));
}

/** The share of the profiled time the process was busy (not idle), 0 to 1. */
export function busyShare(profile: CpuProfile): number {
  const idleIds = new Set(profile.nodes.filter((node) => node.callFrame.functionName === IDLE).map((node) => node.id));
  const durations = sampleDurations(profile);
  let idle = 0;
  let total = 0;
  profile.samples.forEach((id, index) => {
    const micros = durations[index] ?? 0;
    total += micros;
    if (idleIds.has(id)) idle += micros;
  });
  return total > 0 ? (total - idle) / total : 0;
}
