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
): ErrorEnvelope {
  return {
    status: { code, message: message ?? errorCatalogue[code].message },
    data: fields && fields.length > 0 ? { fields } : {},
  };
}

export const notFound = (detail?: string) => new AppError('NOT_FOUND', undefined, detail);
