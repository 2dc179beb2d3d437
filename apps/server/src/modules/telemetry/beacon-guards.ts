import type { FastifyRequest } from 'fastify';

/**
 * Whether a log beacon comes from one of our own pages. navigator.sendBeacon cannot set the CSRF
 * header, so the log face decides on what the browser itself says: Sec-Fetch-Site (every current
 * browser) must be same-origin, and an Origin header, when sent, must be ours. A request with
 * neither comes from no browser (a script or an app), has no ambient cookie to abuse, and is
 * left to the rate limit (docs/adr/0024-player.md).
 */
export function isSameOriginBeacon(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}
