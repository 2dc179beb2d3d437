import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// The njs module itself: its 'crypto' (createHmac) and Buffer are Node's too.
import edge from './njs/edge.js';

const file = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'signature-vectors.json'), 'utf8'),
) as { secret: string; vectors: { path: string; expect: string }[] };

const now = Math.floor(Date.now() / 1000);
const genuine = file.vectors.filter((v) => v.expect === 'ok').map((v) => v.path);

/**
 * Each vector as sent, with a query, with its last segment another file, dot-led or empty, after
 * an empty segment or a `%2e%2e`, and cut short.
 */
const targets = file.vectors.flatMap(({ path: target }) => [
  target,
  `${target}?_HLS_msn=12&x=%2F`,
  target.replace(/[^/]+$/, 'seg_7.ts'),
  target.replace(/[^/]+$/, '.hidden'),
  target.replace(/[^/]+$/, ''),
  target.replace(/\/[^/]+$/, '//v0.m3u8'),
  target.replace(/\/[^/]+$/, '/%2e%2e/v0.m3u8'),
  target.split('/').slice(0, 5).join('/'),
]);

/**
 * edge.js answers the usual genuine path with one regex (decidePlain) and everything else by the
 * origin's rules step by step (decideByRules). The real-nginx test (edge.test.ts) sends the
 * vectors through both; this holds the two paths to the same answer on many more spellings.
 */
describe("the edge's one-regex path", () => {
  it('answers every target as the step-by-step rules do', () => {
    for (const target of targets) {
      expect([target, edge.decide(target, file.secret, now)]).toEqual([
        target,
        edge.decideByRules(target, file.secret, now),
      ]);
    }
  });

  it('is the path genuine viewers take, and it lets them through', () => {
    for (const target of genuine.filter((t) => !t.includes('/grant/'))) {
      expect([target, edge.decidePlain(target, file.secret, now)]).toEqual([target, '']);
    }
  });

  it('refuses a forged, a moved and an expired signature itself', () => {
    const [stream] = genuine;
    const forged = stream!.replace(
      /\/([A-Za-z0-9_-]{32})\//,
      (_, s: string) => `/${s.slice(0, 31)}${s[31] === 'A' ? 'B' : 'A'}/`,
    );
    expect(edge.decidePlain(forged, file.secret, now)).toBe('403');
    expect(edge.decidePlain(stream!, file.secret, 4102444800)).toBe('403');
    expect(edge.decidePlain(stream!.replace('/clip-a/', '/clip-b/'), file.secret, now)).toBe('403');
  });
});
