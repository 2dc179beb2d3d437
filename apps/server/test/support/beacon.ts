import { errorEnvelopeSchema } from '@site/contract';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';

/** The site's origin in the test config (PUBLIC_URL), which the log faces' beacon check expects. */
export const TEST_ORIGIN = 'https://tv.example.test';

/** What a page's navigator.sendBeacon(url, JSON.stringify(entry)) sends to a log face. */
export function beaconRequest(
  url: string,
  body: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return {
    method: 'POST',
    url,
    remoteAddress,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'sec-fetch-site': 'same-origin',
      origin: TEST_ORIGIN,
      ...headers,
    },
    payload: body,
  } satisfies InjectOptions;
}

/** An error reply in the envelope with `code` and a zh-TW message; returns it parsed. */
export function expectErrorEnvelope(body: string, code: string) {
  const parsed = errorEnvelopeSchema.parse(JSON.parse(body));
  expect(parsed.status.code).toBe(code);
  expect(parsed.status.message).toMatch(/[\u4e00-\u9fff]/);
  return parsed;
}
