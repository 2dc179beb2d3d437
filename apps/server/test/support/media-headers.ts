import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { expect } from 'vitest';

/**
 * A media file's reply (segment, init file, playlist) carries the headers a file another page
 * loads needs, and none of a document's (security-headers.ts MEDIA_HEADERS).
 */
export function expectMediaFileHeaders(
  headers: IncomingHttpHeaders | OutgoingHttpHeaders,
  what: string,
): void {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['cross-origin-resource-policy'], what).toBe('same-site');
  for (const name of [
    'content-security-policy',
    'x-frame-options',
    'cross-origin-opener-policy',
    'referrer-policy',
  ]) {
    expect(headers[name], `${what}: ${name}`).toBeUndefined();
  }
}
