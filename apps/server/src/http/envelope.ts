import { SUCCESS_CODE, type Envelope } from '@site/contract';

export function ok<T>(data: T): Envelope<T> {
  return { status: { code: SUCCESS_CODE, message: '' }, data };
}
