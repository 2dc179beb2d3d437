import type { FastifyReply } from 'fastify';
import { SUCCESS_CODE, type Envelope } from '@site/contract';

export function ok<T>(data: T): Envelope<T> {
  return { status: { code: SUCCESS_CODE, message: '' }, data };
}

/** An envelope already turned into JSON: what a read cache keeps, so a hit costs no serialising. */
export type SerializedEnvelope<T> = string & { readonly __envelope?: T };

export function okSerialized<T>(data: T): SerializedEnvelope<T> {
  return JSON.stringify(ok(data));
}

/** Sends a serialized envelope as it is (Fastify passes a JSON string through untouched). */
export function sendSerialized<T>(reply: FastifyReply, body: SerializedEnvelope<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
