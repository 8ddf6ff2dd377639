import { connect, type Socket } from 'node:net';

/** One answer read off a connection. */
export interface RawAnswer {
  readonly status: number;
  /** By lower-case name. */
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** What a connection received, and how it ended. */
export interface RawConversation {
  /** The answers in the order they arrived, interim ones (`100 Continue`) included. */
  readonly answers: readonly RawAnswer[];
  /** `closed`: the server closed the connection; `idle`: it stayed open and silent for `idleMs`. */
  readonly ended: 'closed' | 'idle';
  /** Everything received, as latin1 text. */
  readonly text: string;
}

/** A step of a conversation: bytes to send, a pause, or a way to end the client's side. */
export type RawStep = string | Buffer | { readonly pauseMs: number } | { readonly end: true } | { readonly reset: true };

/**
 * Opens a connection, sends the steps in order (bytes exactly as given, so requests may be
 * pipelined, malformed or split anywhere) and reads until the server closes the connection or
 * stays silent for `idleMs`; every answer is split off by its framing.
 */
export function rawConversation(url: string, steps: readonly RawStep[], idleMs = 1_000): Promise<RawConversation> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let idle: NodeJS.Timeout | undefined;
    const finish = (ended: 'closed' | 'idle') => {
      clearTimeout(idle);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ answers: answersIn(text), ended, text });
    };
    const rearm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => finish('idle'), idleMs);
    };
    socket.on('data', (chunk: Buffer) => (chunks.push(chunk), rearm()));
    socket.on('error', () => undefined);
    socket.on('close', () => finish('closed'));
    void send(socket, steps).then(rearm);
  });
}

async function send(socket: Socket, steps: readonly RawStep[]): Promise<void> {
  for (const step of steps) {
    if (socket.destroyed) return;
    if (typeof step === 'string' || Buffer.isBuffer(step)) socket.write(step);
    else if ('pauseMs' in step) await new Promise((resolve) => setTimeout(resolve, step.pauseMs));
    else if ('end' in step) socket.end();
    else socket.resetAndDestroy();
  }
}

/** The answers in a stream of bytes, each framed by its Content-Length or chunked encoding (so not answers to HEAD). */
export function answersIn(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const status = Number(statusLine.split(' ')[1]);
    rest = rest.slice(headEnd + 4);
    let body = '';
    if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        const size = Number.parseInt(rest.slice(0, lineEnd), 16);
        rest = rest.slice(lineEnd + 2);
        if (!size) {
          rest = rest.slice(rest.indexOf('\r\n') + 2);
          break;
        }
        body += rest.slice(0, size);
        rest = rest.slice(size + 2);
      }
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      body = rest.slice(0, length);
      rest = rest.slice(length);
    }
    answers.push({ status, headers, body });
  }
  return answers;
}
