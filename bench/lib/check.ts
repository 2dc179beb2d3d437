/** Correctness checks made once before a load run: a fast wrong answer is not a result. */

import http from 'node:http';

export interface Reply {
  status: number;
  contentType: string;
  /** Content-Encoding, when the reply was compressed. */
  encoding: string | undefined;
  /** The bytes as they came over the wire (still compressed, if they were). */
  body: Buffer;
}

/**
 * One GET as autocannon sends it: no Accept-Encoding unless given, nothing decompressed (fetch
 * would ask for gzip and undo it unseen).
 */
export function fetchReply(url: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            encoding: response.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}
