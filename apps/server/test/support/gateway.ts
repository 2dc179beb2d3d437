import { signGatewayRequest, parseGatewayClients } from '../../src/modules/gateway/client-auth.js';
import type { TestContext } from './app.js';

/** A gateway URL signed as the demo app would sign it (chl, ts, chk). */
export function gatewayUrl(
  ctx: TestContext,
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string> = {},
): string {
  const [chl, secret] = [...parseGatewayClients(ctx.config.GATEWAY_CLIENTS)][0]!;
  const params: [string, string][] = [
    ...Object.entries(query),
    ['chl', chl],
    ['ts', String(ctx.now.value)],
  ];
  const chk = signGatewayRequest(secret, method, path, params);
  return `${path}?${new URLSearchParams([...params, ['chk', chk]]).toString()}`;
}
