import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorHandler } from '../../src/http/framework-errors.js';

/**
 * A request that never finishes its headers is answered by Node's timer, not by Fastify: the
 * handler still answers 408 in the envelope. A real server and socket, with short timers.
 */
describe('client errors Node raises before a request exists', () => {
  const server = http.createServer({
    headersTimeout: 300,
    requestTimeout: 300,
    connectionsCheckingInterval: 50,
  });
  server.on('clientError', clientErrorHandler);
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function send(bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
  }

  it('headers that never finish: 408 envelope on a call', async () => {
    const reply = await send('GET /ajax/ajaxGetLoginInfo.do HTTP/1.1\r\nHost: x\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(reply).toContain('content-type: application/json');
    expect(reply).toContain('"code":"REQUEST_TIMEOUT"');
    expect(reply).toMatch(/"message":"[^"]*連線逾時/);
  });
});
