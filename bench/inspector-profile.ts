/**
 * CPU profiles of another Node process over its inspector (started with `--inspect=127.0.0.1:0`),
 * so that a profile covers exactly the load a benchmark puts on it, not the process's start.
 */
import type { CpuProfile } from './cpu-layers';

/** The inspector's WebSocket address in what `node --inspect` writes to stderr. */
export const INSPECTOR_URL = /Debugger listening on (ws:\/\/\S+)/;

/** A connection to a process's inspector that can profile it. */
export class InspectorProfiler {
  readonly #socket: WebSocket;
  readonly #pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  /** Set once the connection is gone (the process died or was stopped): every call fails with it. */
  #closed: Error | undefined;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    // Without this a call pending when the process dies would wait for ever, and the benchmark with it.
    socket.addEventListener('close', () => {
      this.#closed = new Error('the inspector connection closed');
      for (const { reject } of this.#pending.values()) reject(this.#closed);
      this.#pending.clear();
    });
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.#pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      this.#pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }

  /** Connects to the inspector at `url` (`ws://…`). */
  static async connect(url: string): Promise<InspectorProfiler> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot connect to the inspector at ${url}`)), { once: true });
    });
    return new InspectorProfiler(socket);
  }

  /** Starts sampling every `intervalMicros` microseconds. */
  async start(intervalMicros: number): Promise<void> {
    await this.#send('Profiler.enable');
    await this.#send('Profiler.setSamplingInterval', { interval: intervalMicros });
    await this.#send('Profiler.start');
  }

  /** Stops sampling and returns the profile since {@link start}. */
  async stop(): Promise<CpuProfile> {
    const { profile } = (await this.#send('Profiler.stop')) as { profile: CpuProfile };
    return profile;
  }

  close(): void {
    this.#socket.close();
  }

  #send(method: string, params: object = {}): Promise<unknown> {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#socket.send(JSON.stringify({ id, method, params }));
    });
  }
}
