import { errorCatalogue, type ErrorCode, type ErrorEnvelope } from '@site/contract';

export interface FieldProblem {
  name: string;
  problem: string;
}

/** A failure the client is told about: one entry of the catalogue, optionally naming fields. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly fields?: FieldProblem[],
    /** Overrides the catalogue's message when a call has a more precise zh-TW text. */
    readonly detail?: string,
    /** A refusal that ends (a rate limit, a throttle): sent as Retry-After. */
    readonly retryAfterSeconds?: number,
    /** What the client needs to act on the refusal (the devices of DEVICE_LIMIT, the streams of STREAM_LIMIT). */
    readonly data?: Readonly<Record<string, unknown>>,
  ) {
    super(detail ?? errorCatalogue[code].message);
  }

  get httpStatus(): number {
    return errorCatalogue[this.code].http;
  }
}

export function errorEnvelope(
  code: ErrorCode,
  message?: string,
  fields?: FieldProblem[],
  data?: Readonly<Record<string, unknown>>,
): ErrorEnvelope {
  return {
    status: { code, message: message ?? errorCatalogue[code].message },
    data: { ...data, ...(fields && fields.length > 0 ? { fields } : {}) },
  };
}

export const notFound = (detail?: string) => new AppError('NOT_FOUND', undefined, detail);
