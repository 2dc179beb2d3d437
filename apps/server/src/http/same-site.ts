import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Whether a state-changing request comes from our own pages as far as the browser says: its
 * fetch metadata names no other site and its Origin, when sent, is ours. The site's CSRF check
 * (accounts/csrf.ts) and the console's (staff/console-session.ts) both ask it.
 */
export function fromOwnSite(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

/** Compares a token a client sent with the one expected, in time that does not tell where they differ. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
