import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Parameters that carry a credential when a call puts them in its query. Gateway calls put the
 * viewer's ssoSession and the signature in the address, so their whole query stays out of logs.
 */
const SECRET_PARAMS =
  /^(ssosession|password|pin|kidpin|token|chk|code|exchangecode|serialnumber)$/i;

/** The request's address as logs may keep it. */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  if (path.startsWith('/gw/')) return `${path}?[redacted]`;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  let redacted = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAMS.test(key)) {
      params.set(key, '[redacted]');
      redacted = true;
    }
  }
  return redacted ? `${path}?${params.toString()}` : url;
}

/** pino settings for the server: JSON lines, cookies, authorization and credentials redacted. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean> {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
