import type { FastifyReply } from 'fastify';
import { SUCCESS_CODE, type Envelope } from '@site/contract';
import { compressedBody } from './compressed-bodies.js';

export function ok<T>(data: T): Envelope<T> {
  return { status: { code: SUCCESS_CODE, message: '' }, data };
}

/** An envelope already turned into JSON: what a read cache keeps, so a hit costs no serialising. */
export type SerializedEnvelope<T> = string & { readonly __envelope?: T };

export function okSerialized<T>(data: T): SerializedEnvelope<T> {
  return JSON.stringify(ok(data));
}

const OK_OPEN = JSON.stringify(ok(null)).replace(/null}$/, '');

/** An envelope around data the caller wrote as JSON itself (e.g. from cached pieces). */
export function okJson<T>(dataJson: string): SerializedEnvelope<T> {
  return `${OK_OPEN}${dataJson}}`;
}

/**
 * Sends a serialized envelope made for this request alone: as it is, compressed on the way out
 * like any reply (compression.ts), its compressed bytes not kept.
 */
export function sendJson<T>(reply: FastifyReply, body: SerializedEnvelope<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Sends a serialized envelope as it is (Fastify passes a JSON string through untouched), or
 * compressed when the client accepts it: a read cache hands out the same string again and again,
 * so its compressed bytes are kept beside it (compressed-bodies.ts) instead of made per request.
 */
export function sendSerialized<T>(reply: FastifyReply, body: SerializedEnvelope<T>): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const compressed = compressedBody(reply.request.headers['accept-encoding'], body);
  if (!compressed) return reply.send(body);
  return reply
    .header('content-encoding', compressed.encoding)
    .header('vary', 'accept-encoding')
    .send(compressed.bytes);
}
