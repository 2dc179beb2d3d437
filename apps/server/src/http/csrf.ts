import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newToken } from '../modules/accounts/tokens.js';
import { AppError } from './errors.js';

export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (the prize draw, SPEC §7) asks for the same proof as a POST. */
    csrf?: boolean;
  }
  interface FastifyReply {
    /** Gives the browser a CSRF token cookie when it has none (pages and the login-info call). */
    ensureCsrfCookie(): FastifyReply;
  }
}

export interface CsrfOptions {
  publicOrigin: string;
  secureCookies: boolean;
}

/**
 * Every state change on the site face must prove it comes from our own pages: the browser's
 * fetch metadata and Origin must not name another site, and the X-CSRF-Token header must echo the
 * csrf cookie (which another site can neither read nor set for us). The gateway face has no
 * cookies and signs its calls instead.
 */
export const csrfPlugin = fp<CsrfOptions>(async (app: FastifyInstance, options) => {
  app.decorateReply('ensureCsrfCookie', function (this: FastifyReply) {
    // A request refused before its cookies were read (a malformed address) gets no new token.
    if (this.request.cookies && !this.request.cookies[CSRF_COOKIE]) {
      this.setCookie(CSRF_COOKIE, newToken(), {
        httpOnly: false,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
      });
    }
    return this;
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    // Decided on the route the router matched, not on the spelling of the address (ADR 0018).
    // Unknown routes answer 404/405 without changing anything, so they need no token.
    const guarded = STATE_CHANGING.has(request.method) || request.routeOptions.config.csrf === true;
    if (!guarded || !isSiteCall(request)) return;
    if (!sameSite(request, options.publicOrigin) || !tokenMatches(request)) {
      throw new AppError('CSRF_REJECTED');
    }
  });
});

function isSiteCall(request: FastifyRequest): boolean {
  return !request.is404 && (request.routeOptions.url ?? '').startsWith('/ajax/');
}

function sameSite(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

function tokenMatches(request: FastifyRequest): boolean {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || header.length !== cookie.length) return false;
  return crypto.timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
}
