/**
 * What each layer of the standalone server costs: a CPU profile of the server process taken over
 * its inspector while autocannon loads it as the throughput figures do, its busy time grouped by
 * layer (Node's HTTP server, the adapter, routing and parameters, the operation, the store...).
 */
import { busyShare, layerShares } from '../cpu-layers';
import { type Figure, single } from '../figures';
import { INSPECTOR_URL, InspectorProfiler } from '../inspector-profile';
import { MOCK_READY, mockCommand, startProcess, stop } from '../processes';
import { loadWith, probesOn } from './standalone-probes';

const SECTION = '5. Standalone server: what each layer costs';
/** Finer than V8's default (1 ms): a request takes tens of microseconds. */
const SAMPLING_MICROS = 100;

/**
 * One figure per layer and request: its share of the server's busy time under the load, largest
 * first, in a process of its own (the inspector stays out of the throughput figures).
 */
export async function standaloneLayers(quick: boolean): Promise<Figure[]> {
  const args = ['--inspect=127.0.0.1:0', ...mockCommand(), '--port', '0', '--rate-limits', 'off'];
  const mock = await startProcess(args, process.execPath, { ready: MOCK_READY, readyErrors: INSPECTOR_URL });
  const seconds = quick ? 1 : 3;
  const figures: Figure[] = [];
  let profiler: InspectorProfiler | undefined;
  try {
    profiler = await InspectorProfiler.connect(INSPECTOR_URL.exec(mock.errors)?.[1] ?? '');
    for (const probe of await probesOn(mock)) {
      // Unmeasured first: the code is compiled as it runs.
      await loadWith(mock.url, probe, 1);
      await profiler.start(SAMPLING_MICROS);
      await loadWith(mock.url, probe, seconds);
      const profile = await profiler.stop();
      figures.push({
        section: SECTION,
        name: `${probe.name}: the server busy`,
        unit: '% of the time',
        value: single(busyShare(profile) * 100),
        note:
          `the share of the ${seconds} s of load the server's main thread was busy; the rows after it split that busy time by layer, ` +
          `from a CPU profile of the server process (sampled every ${SAMPLING_MICROS} µs): each function's time counts for the source file ` +
          "it came from (read through the bundle's source maps), a V8 builtin (JSON.stringify, a regular expression) for the code that " +
          "called it; the native write under Node's stream code is the write system call, and on loopback the kernel's delivery to autocannon, a layer of its own.",
      });
      for (const { layer, share } of layerShares(profile)) {
        figures.push({ section: SECTION, name: `${probe.name}: ${layer}`, unit: '% of busy time', value: single(share * 100) });
      }
    }
  } finally {
    profiler?.close();
    stop(mock);
  }
  return figures;
}
