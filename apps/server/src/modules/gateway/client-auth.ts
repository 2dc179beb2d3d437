import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GATEWAY_CLOCK_SKEW_SECONDS, gatewaySigningString } from '@site/contract';
import { canonicalInteger } from '../../http/canonical-number.js';
import { AppError } from '../../http/errors.js';

/** `chl:secret,chl:secret` from GATEWAY_CLIENTS. */
export function parseGatewayClients(value: string): Map<string, string> {
  const clients = new Map<string, string>();
  for (const entry of value.split(',')) {
    const at = entry.indexOf(':');
    if (at > 0) clients.set(entry.slice(0, at).trim(), entry.slice(at + 1).trim());
  }
  return clients;
}

export function signGatewayRequest(
  secret: string,
  method: string,
  path: string,
  params: Iterable<[string, string]>,
): string {
  return crypto
    .createHmac('sha256', secret)
    .update(gatewaySigningString(method, path, params))
    .digest('hex');
}

/**
 * Every /gw/ call names its client (`chl`) and signs the request (`chk`, over method, path and
 * the sorted query with a fresh `ts`). Anything else is refused before validation or handlers.
 */
export function registerGatewayClientAuth(
  app: FastifyInstance,
  clients: Map<string, string>,
  clock: () => number,
): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    // Decided on the route the router matched, not on the spelling of the address (ADR 0018);
    // the request guards have already refused any path not in its canonical form.
    const route = request.routeOptions.url ?? '';
    if (request.is404 || !route.startsWith('/gw/')) return;
    const [path = '', rawQuery = ''] = request.url.split('?', 2);
    const params = [...new URLSearchParams(rawQuery)];
    const get = (name: string) => params.find(([key]) => key === name)?.[1];
    const secret = clients.get(get('chl') ?? '');
    const chk = get('chk') ?? '';
    // One spelling of the signed moment (ADR 0018), as for the stream and live expiries.
    const ts = canonicalInteger(get('ts'));
    if (!secret || !/^[0-9a-f]{64}$/.test(chk) || ts === null) throw rejected();
    if (Math.abs(clock() - ts) > GATEWAY_CLOCK_SKEW_SECONDS) throw rejected();
    const expected = signGatewayRequest(secret, request.method, path, params);
    if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(chk))) throw rejected();
  });
}

const rejected = () => new AppError('CLIENT_REJECTED');
