import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends a request over real HTTP with the request target exactly as given (no normalising of
 * "..", "//" or escapes, as `curl --path-as-is` does), so tests see what an outsider would.
 */
export function rawRequest(
  port: number,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: target,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Writes raw bytes on a socket and reads until the server closes it (what Node's parser sees). */
export function rawSocket(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

/** Starts the test app listening on a free loopback port; returns the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
