import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adCalls } from '@site/contract';

/**
 * The ad module's own device cookie (docs/adr/0022): a random id, read only by /ads/ paths, that
 * the frequency cap counts by. It is not the session: signed in or not, the same browser is
 * the same viewer, and no session id appears in an ad tag URL. Permanent (DESIGN §4): a year.
 */
export const AD_VIEWER_COOKIE = 'ad_vid';
const LIFETIME_SECONDS = 365 * 86_400;
const COOKIE_PATH = adCalls.vast.slice(0, adCalls.vast.lastIndexOf('/') + 1);
const VALID = /^[A-Za-z0-9_-]{22}$/;

const hashOf = (id: string) =>
  crypto.createHash('sha256').update(`ad-viewer:${id}`).digest('hex').slice(0, 32);

/** The viewer's hash for the cap, giving the browser an ad cookie when it has none (or a bad one). */
export function adViewer(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const current = request.cookies[AD_VIEWER_COOKIE];
  if (current && VALID.test(current)) return hashOf(current);
  const id = crypto.randomBytes(16).toString('base64url');
  reply.setCookie(AD_VIEWER_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: COOKIE_PATH,
    maxAge: LIFETIME_SECONDS,
  });
  return hashOf(id);
}
