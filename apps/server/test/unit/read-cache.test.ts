import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../src/lib/read-cache.js';

describe('ReadCache', () => {
  it('loads once per key within the TTL and again after it', async () => {
    let now = 100;
    let loads = 0;
    const cache = new ReadCache<number>(10, () => now);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    now += 10;
    expect(await cache.get('a', load)).toBe(2);
    cache.clear();
    expect(await cache.get('a', load)).toBe(3);
  });

  it('evicts the oldest entry past its size and never caches with a zero TTL', async () => {
    const cache = new ReadCache<string>(10, () => 0, 2);
    let loads = 0;
    const load = (v: string) => async () => `${v}${++loads}`;
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('c', load('c'));
    expect(await cache.get('b', load('b'))).toBe('b2');
    expect(await cache.get('a', load('a'))).toBe('a4');
    const off = new ReadCache<number>(0, () => 0);
    let n = 0;
    await off.get('x', async () => ++n);
    expect(await off.get('x', async () => ++n)).toBe(2);
  });

  it('getMany loads only the missing keys, together, and remembers what is not there', async () => {
    let now = 0;
    const asked: string[][] = [];
    const cache = new ReadCache<string | null>(10, () => now);
    const load = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.filter((k) => k !== 'gone').map((k) => [k, `v-${k}`]));
    };
    await cache.get('a', async () => 'cached-a');
    const first = await cache.getMany(['a', 'b', 'gone'], load, null);
    expect([...first]).toEqual([
      ['a', 'cached-a'],
      ['b', 'v-b'],
      ['gone', null],
    ]);
    expect(asked).toEqual([['b', 'gone']]);
    await cache.getMany(['a', 'b', 'gone'], load, null);
    expect(asked).toHaveLength(1);
    now += 10;
    await cache.getMany(['b'], load, null);
    expect(asked).toEqual([['b', 'gone'], ['b']]);
  });
});
