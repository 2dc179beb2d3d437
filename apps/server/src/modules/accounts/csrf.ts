import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newToken } from './tokens.js';
import { AppError } from '../../http/errors.js';
import { fromOwnSite, sameToken } from '../../http/same-site.js';

export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** The session cookie's name (http/session.ts), repeated here: the token is bound to its value. */
const SESSION_COOKIE = 'sid';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (the prize draw, SPEC §7) asks for the same proof as a POST. */
    csrf?: boolean;
  }
  interface FastifyReply {
    /** Gives the browser the CSRF token of its session (or a visitor's) unless it holds it already. */
    ensureCsrfCookie(): FastifyReply;
  }
}

export interface CsrfOptions {
  publicOrigin: string;
  secureCookies: boolean;
  /** The server secret the tokens are derived from (the stream signing secret, kept apart by a label). */
  secret: string;
}

/** The key of CSRF tokens, derived from the server secret under a label of its own. */
function csrfKey(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update('http/csrf-token/v1').digest();
}

function mac(key: Buffer, text: string): string {
  return crypto
    .createHmac('sha256', key)
    .update(text)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

/**
 * The CSRF token of a signed-in browser: an HMAC of its session token (the HttpOnly `sid`
 * cookie) with the server secret. Another site can neither read the session token nor work out
 * the HMAC, so a planted `csrf` cookie proves nothing; a new session token (login, sub-account
 * switch) gives a new CSRF token, and logging out drops it (docs/adr/0006).
 */
export function sessionCsrfToken(secret: string, sessionToken: string): string {
  return boundToken(csrfKey(secret), sessionToken);
}

function boundToken(key: Buffer, sessionToken: string): string {
  return `s.${mac(key, `session\n${sessionToken}`)}`;
}

/** A browser without a session gets a random nonce with our MAC, so only tokens we minted pass. */
function visitorToken(key: Buffer): string {
  const nonce = newToken();
  return `v.${nonce}.${mac(key, `visitor\n${nonce}`)}`;
}

function isVisitorToken(key: Buffer, token: string): boolean {
  const match = /^v\.([\w-]{43})\.([\w-]{32})$/.exec(token);
  return match !== null && sameToken(match[2]!, mac(key, `visitor\n${match[1]!}`));
}

export interface CsrfCookieOptions {
  secret: string;
  secureCookies: boolean;
}

const cookieOptions = (secure: boolean, maxAge?: number) => ({
  httpOnly: false,
  sameSite: 'lax' as const,
  secure,
  path: '/',
  ...(maxAge !== undefined ? { maxAge } : {}),
});

/**
 * Rotates the CSRF cookie with the session (http/session.ts calls it at login, sign-up,
 * sub-account switch and logout): the new session's token, living as long as the session
 * cookie, or a fresh visitor token when the session ends.
 */
export function setCsrfCookieFor(
  reply: FastifyReply,
  options: CsrfCookieOptions,
  sessionToken: string | null,
  maxAge?: number,
): void {
  const key = csrfKey(options.secret);
  const token = sessionToken === null ? visitorToken(key) : boundToken(key, sessionToken);
  reply.setCookie(CSRF_COOKIE, token, cookieOptions(options.secureCookies, maxAge));
}

/**
 * Every state change on the site face must prove it comes from our own pages: the browser's
 * fetch metadata and Origin must not name another site, and the X-CSRF-Token header must carry
 * the token of the browser's session (an HMAC of the HttpOnly session cookie; for a visitor, a
 * token we minted, echoing the readable csrf cookie). The gateway face has no cookies and signs
 * its calls instead.
 */
export const csrfPlugin = fp<CsrfOptions>(async (app: FastifyInstance, options) => {
  const key = csrfKey(options.secret);

  /** The token this request must carry, or null when it can carry none (a visitor without one). */
  function expected(request: FastifyRequest): string | null {
    const session = request.cookies[SESSION_COOKIE];
    if (session) return boundToken(key, session);
    const cookie = request.cookies[CSRF_COOKIE];
    return cookie && isVisitorToken(key, cookie) ? cookie : null;
  }

  app.decorateReply('ensureCsrfCookie', function (this: FastifyReply) {
    // A request refused before its cookies were read (a malformed address) gets no new token.
    if (!this.request.cookies) return this;
    const token = expected(this.request);
    if (token !== null && this.request.cookies[CSRF_COOKIE] === token) return this;
    this.setCookie(CSRF_COOKIE, token ?? visitorToken(key), cookieOptions(options.secureCookies));
    return this;
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    // Decided on the route the router matched, not on the spelling of the address (ADR 0018).
    // Unknown routes answer 404/405 without changing anything, so they need no token.
    const guarded = STATE_CHANGING.has(request.method) || request.routeOptions.config.csrf === true;
    if (!guarded || !isSiteCall(request)) return;
    const header = request.headers[CSRF_HEADER];
    const token = expected(request);
    if (
      !fromOwnSite(request, options.publicOrigin) ||
      token === null ||
      typeof header !== 'string' ||
      !sameToken(header, token)
    ) {
      throw new AppError('CSRF_REJECTED');
    }
  });
});

function isSiteCall(request: FastifyRequest): boolean {
  return !request.is404 && (request.routeOptions.url ?? '').startsWith('/ajax/');
}
