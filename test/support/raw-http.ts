import { connect } from 'node:net';

/** A response read off a raw socket. */
export interface RawHttpResponse {
  readonly status: number;
  /** By lower-case name. */
  readonly headers: Record<string, string>;
  /** The header names as the server wrote them, in order. */
  readonly rawHeaderNames: readonly string[];
  readonly body: string;
}

/**
 * Sends bytes to an HTTP server exactly as given (methods, targets and headers `fetch` refuses
 * to send) and reads one response. `afterSend` may keep writing or destroy the socket.
 */
export function rawHttp(
  url: string,
  head: string,
  body: string | Buffer = '',
  afterSend?: (socket: import('node:net').Socket) => void,
): Promise<RawHttpResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      // Interim answers (`100 Continue`) precede the final one.
      const text = Buffer.concat(chunks).toString('latin1').replace(/^(HTTP\/1\.1 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
      const [headText = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = headText.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const rawHeaderNames = headerLines.map((line) => line.slice(0, line.indexOf(':')));
      const status = Number(statusLine.split(' ')[1]);
      const raw = rest.join('\r\n\r\n');
      resolve({ status, headers, rawHeaderNames, body: headers['transfer-encoding'] === 'chunked' ? dechunk(raw) : raw });
    });
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
    socket.write(body);
    afterSend?.(socket);
  });
}

function dechunk(raw: string): string {
  let out = '';
  let rest = raw;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
