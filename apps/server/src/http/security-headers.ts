import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A media file (segment, init file, subtitles, playlist): only the headers a file needs. */
    media?: boolean;
  }
}

/**
 * CSP and friends on every reply. The media and worker sources admit blob: because hls.js feeds
 * the <video> through MediaSource object URLs and may run its demuxer in a blob worker.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // The policy is the same for every reply, so helmet works it out once, here; run per request
  // (as @fastify/helmet does) it cost about 6 % of a catalogue call's CPU.
  const headers = helmetHeaders(policy);
  const mediaHeaders = Object.fromEntries(MEDIA_HEADERS.map((name) => [name, headers[name]!]));
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.routeOptions.config.media === true ? mediaHeaders : headers);
    // HSTS only on a reply that went out over https: TLS here, or X-Forwarded-Proto from a proxy
    // listed in TRUSTED_PROXIES (request.protocol believes no one else). Sent over plain http it
    // is ignored by browsers anyway, and a local http run must stay reachable (ADR 0006).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * What a media file's reply keeps. The rest speak to documents (the content policy, framing,
 * opener, referrer, prefetch, old browsers' XSS filter), and a segment is never one; they were
 * a kilobyte on each of the hundreds of segments a viewer fetches, which the edge's cache stores
 * and reads again on every hit (ADR 0058). nosniff and the resource policy are about a file that
 * another page loads, which a segment is.
 */
const MEDIA_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy'];

/** A year; no includeSubDomains or preload, as other hosts of the domain are not ours to decide. */
export const HSTS = 'max-age=31536000';

/** The headers helmet sets for these options, captured from one run of its middleware. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

const policy: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // data: because hls.js gives each subtitle track a data:,WEBVTT source (Safari keeps cues).
      mediaSrc: ["'self'", 'blob:', 'data:'],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      // The live page's external-video pop-up: YouTube (nocookie) and Twitch embeds (ADR 0025).
      frameSrc: [
        'https://www.youtube-nocookie.com',
        'https://www.youtube.com',
        'https://player.twitch.tv',
      ],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Posters and media may be embedded by the apps' web views on other origins.
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
  frameguard: { action: 'deny' },
};
