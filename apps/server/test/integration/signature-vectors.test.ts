import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { useTestApp } from '../support/index.js';
import { listenOnLoopback, rawRequest } from '../support/raw-http.js';

interface Vector {
  path: string;
  expect: 'ok' | 'forbidden' | 'bad-url';
  why: string;
}

/** The vectors the nginx edge's own test reads too (deploy/nginx/edge.test.ts, docs/adr/0058). */
const file = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'deploy/nginx/signature-vectors.json'), 'utf8'),
) as { secret: string; vectors: Vector[] };

/**
 * The origin's answer to each signed path of the shared vectors, over real HTTP with the target
 * sent as written: a forged or expired signature is 403, another spelling 400, a genuine one is
 * neither (the file may still be missing, or a grant path want a session). The edge must answer
 * the same, so both read one file.
 */
describe('signed paths: the vectors the edge shares', () => {
  const ctx = useTestApp({ seed: true, env: { STREAM_SIGNING_SECRET: file.secret } });
  let port = 0;
  beforeAll(async () => {
    port = await listenOnLoopback(ctx.app);
  });

  it.each(file.vectors.map((v) => [v.why, v] as const))('%s', async (_why, vector) => {
    const reply = await rawRequest(port, vector.path);
    if (vector.expect === 'forbidden') expect(reply.status, reply.body).toBe(403);
    else if (vector.expect === 'bad-url') expect(reply.status, reply.body).toBe(400);
    else expect([400, 403], reply.body).not.toContain(reply.status);
  });

  it('covers each kind of path and answer', () => {
    for (const prefix of ['/stream/', '/live/', '/catchup/'])
      for (const answer of ['ok', 'forbidden', 'bad-url'])
        expect(
          file.vectors.some((v) => v.path.startsWith(prefix) && v.expect === answer),
          `${prefix} ${answer}`,
        ).toBe(true);
  });
});
