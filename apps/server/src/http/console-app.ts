import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The operator console's own policy (ADR 0036): its scripts and styles are its own files, never
 * inline; it calls only this origin; the QR code of a TOTP enrolment is a data: image; nothing
 * frames it and it frames nothing.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const API_PREFIX = '/console/api/';

/**
 * Serves the built console (apps/console, its own bundle: customers' pages carry none of it) at
 * /console: its hashed files under /console/assets/ cached for a year, precompressed like the
 * web app's; every other /console address that is not a call gets its index.html (the app
 * routes itself, basename /console). A console not built answers 503 here and nowhere else.
 */
export async function registerConsoleApp(app: FastifyInstance, distDir: string): Promise<void> {
  const assets = path.join(distDir, 'assets');
  if (fs.existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/console/assets/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
      preCompressed: true,
      setHeaders: (res) => res.setHeader('vary', 'accept-encoding'),
    });
  }

  let template: string | undefined;
  const loadTemplate = async () => {
    if (template === undefined) {
      try {
        template = await fsp.readFile(path.join(distDir, 'index.html'), 'utf8');
      } catch (error) {
        app.log.warn({ err: error }, 'console app not built; /console answers 503');
      }
    }
    return template;
  };

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Calls and files that do not exist are not pages: they get the usual 404.
    if (pathname.startsWith(API_PREFIX) || /\.[a-z0-9]{1,5}$/i.test(pathname)) {
      return reply.callNotFound();
    }
    const html = await loadTemplate();
    reply
      .header('content-security-policy', CONSOLE_CSP)
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8');
    if (html === undefined) {
      return reply
        .code(503)
        .send(
          '<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><title>營運後台</title></head><body><p>營運後台尚未建置（npm run build）。</p></body></html>',
        );
    }
    return reply.send(html);
  };
  app.get('/console', { schema: { hide: true } }, page);
  app.get('/console/*', { schema: { hide: true } }, page);
}
