import type { Socket } from 'node:net';
import { errorCatalogue, SITE_NAME, type ErrorCode } from '@site/contract';
import { errorEnvelope } from './errors.js';
import { escapeHtml } from './html.js';

/**
 * Node answers some requests before Fastify has a request object: headers or a request line past
 * the header limit, a request that never finishes, bytes that are not HTTP. Those replies still
 * speak the site's language (issue 15): the envelope on the call faces, a small zh-TW page
 * elsewhere, always with a catalogue status and a closed connection.
 */
const API_PREFIXES = ['/ajax/', '/gw/', '/sas/', '/epg/', '/docs', '/ads/', '/console/api/'];
const REQUEST_LINE = /^[A-Z]{3,10} (\S+)/;

interface ClientError extends Error {
  code?: string;
  /** The bytes Node was parsing (typed loosely by Fastify; a Buffer in practice). */
  rawPacket?: unknown;
}

export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const raw = error.rawPacket;
  const head = Buffer.isBuffer(raw)
    ? raw.toString('latin1', 0, Math.min(raw.length, 16_384))
    : undefined;
  const code = clientErrorCode(error, head);
  // Node keeps no bytes for a timeout, so an unknown target gets the envelope, which every
  // client of ours can read.
  const target = head ? REQUEST_LINE.exec(head)?.[1] : undefined;
  const api = target === undefined || API_PREFIXES.some((prefix) => target.startsWith(prefix));
  socket.end(rawReply(code, api));
}

function clientErrorCode(error: ClientError, head: string | undefined): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Still inside the request line: the address itself is too long.
    return head !== undefined && head.includes('\r\n') ? 'HEADERS_TOO_LARGE' : 'URI_TOO_LONG';
  }
  if (error.code === 'HPE_INVALID_URL') return 'BAD_URL';
  return 'BAD_INPUT';
}

function rawReply(code: ErrorCode, api: boolean): string {
  const { http } = errorCatalogue[code];
  const body = api ? JSON.stringify(errorEnvelope(code)) : errorPage(code);
  const type = api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8';
  return [
    `HTTP/1.1 ${http} ${REASONS[http] ?? 'Error'}`,
    `content-type: ${type}`,
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'x-content-type-options: nosniff',
    "content-security-policy: default-src 'none'; style-src 'unsafe-inline'",
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/** The error page for replies made without the page shell (no request to render it for). */
export function errorPage(code: ErrorCode): string {
  const message = escapeHtml(errorCatalogue[code].message);
  return `<!doctype html><html lang="zh-Hant-TW"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}｜${escapeHtml(SITE_NAME)}</title><main style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${message}</h1><p><a href="/">回到首頁</a></p></main></html>`;
}
