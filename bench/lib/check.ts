/** Correctness checks made once before a load run: a fast wrong answer is not a result. */

export interface Reply {
  status: number;
  contentType: string;
  body: Buffer;
}

export async function fetchReply(url: string): Promise<Reply> {
  const response = await fetch(url);
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
  };
}

export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}
