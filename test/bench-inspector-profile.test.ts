import { describe, expect, it } from 'vitest';
import { INSPECTOR_URL, InspectorProfiler } from '../bench/inspector-profile';
import { startProcess, stop } from '../bench/processes';

/** A Node process that idles with its inspector open, ready once it names the inspector's address. */
function idleInspectedProcess() {
  return startProcess(['--inspect=127.0.0.1:0', '-e', "console.log('http://127.0.0.1:1 '); setInterval(() => {}, 1000);"], process.execPath, {
    readyErrors: INSPECTOR_URL,
  });
}

describe("the benchmark's inspector connection", () => {
  it('profiles the process it is connected to', async () => {
    const child = await idleInspectedProcess();
    const profiler = await InspectorProfiler.connect(INSPECTOR_URL.exec(child.errors)?.[1] ?? '');
    try {
      await profiler.start(1000);
      const profile = await profiler.stop();
      expect(profile.nodes.length).toBeGreaterThan(0);
    } finally {
      profiler.close();
      stop(child);
    }
  });

  it('fails a pending call, and any later one, when the process dies, instead of waiting for ever', async () => {
    const child = await idleInspectedProcess();
    const profiler = await InspectorProfiler.connect(INSPECTOR_URL.exec(child.errors)?.[1] ?? '');
    try {
      await profiler.start(1000);
      const exited = new Promise((resolve) => child.child.once('exit', resolve));
      stop(child);
      await exited;
      await expect(profiler.stop()).rejects.toThrow('the inspector connection closed');
      await expect(profiler.start(1000)).rejects.toThrow('the inspector connection closed');
    } finally {
      profiler.close();
      stop(child);
    }
  }, 20_000);
});
