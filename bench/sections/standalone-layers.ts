/**
 * What each layer of the standalone server costs: a CPU profile of the server process taken over
 * its inspector while autocannon loads it as the throughput figures do, its busy time grouped by
 * layer (socket writes, Node's HTTP server, the adapter, routing and parameters, the operation,
 * the store...).
 */
import { busyShare, type CpuProfile, sharesAcross } from '../cpu-layers';
import type { Figure } from '../figures';
import { INSPECTOR_URL, InspectorProfiler } from '../inspector-profile';
import { MOCK_READY, mockCommand, startProcess, stop } from '../processes';
import { summarize } from '../stats';
import { loadWith, probesOn } from './standalone-probes';

const SECTION = '5. Standalone server: what each layer costs';
/** Finer than V8's default (1 ms): a request takes tens of microseconds. */
const SAMPLING_MICROS = 100;

/**
 * One figure per layer and request: its share of the server's busy time under the load, largest
 * first, in a process of its own (the inspector stays out of the throughput figures). Each is the
 * median of several profiles with their range: on a shared machine one profile's shares move by
 * a few points from run to run.
 */
export async function standaloneLayers(quick: boolean): Promise<Figure[]> {
  const args = ['--inspect=127.0.0.1:0', ...mockCommand(), '--port', '0', '--rate-limits', 'off'];
  const mock = await startProcess(args, process.execPath, { ready: MOCK_READY, readyErrors: INSPECTOR_URL });
  const rounds = quick ? 2 : 5;
  const seconds = quick ? 1 : 2;
  const figures: Figure[] = [];
  let profiler: InspectorProfiler | undefined;
  try {
    profiler = await InspectorProfiler.connect(INSPECTOR_URL.exec(mock.errors)?.[1] ?? '');
    for (const probe of await probesOn(mock)) {
      // Unmeasured first: the code is compiled as it runs.
      await loadWith(mock.url, probe, 1);
      const profiles: CpuProfile[] = [];
      for (let round = 0; round < rounds; round++) {
        await profiler.start(SAMPLING_MICROS);
        await loadWith(mock.url, probe, seconds);
        profiles.push(await profiler.stop());
      }
      figures.push({
        section: SECTION,
        name: `${probe.name}: the server busy`,
        unit: '% of the time',
        value: summarize(profiles.map((profile) => busyShare(profile) * 100)),
        note:
          `the share of the load the server's main thread was busy; the rows after it split that busy time by layer. Each figure is the median ` +
          `(and range) of ${rounds} CPU profiles of ${seconds} s of load, taken over the server's inspector (sampled every ${SAMPLING_MICROS} µs; ` +
          'the shares are the figures, no time is): each function\'s time counts for the source file it came from ' +
          "(read through the bundle's source maps), a V8 builtin (JSON.stringify, a regular expression) for the code that called it; the " +
          "native write under Node's stream code is the write system call, and on loopback the kernel's delivery to autocannon, a layer of its own.",
      });
      for (const { layer, shares } of sharesAcross(profiles)) {
        figures.push({ section: SECTION, name: `${probe.name}: ${layer}`, unit: '% of busy time', value: summarize(shares.map((share) => share * 100)) });
      }
    }
  } finally {
    profiler?.close();
    stop(mock);
  }
  return figures;
}
