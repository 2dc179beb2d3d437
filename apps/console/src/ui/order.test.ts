import { describe, expect, it } from 'vitest';
import { moveItem, movedAnnouncement, orderChanged } from './order';

describe('ordering a list in the console', () => {
  it('moves one item and keeps the others in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
  });

  it('knows whether the order is still the one loaded', () => {
    const items = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ];
    expect(orderChanged(items, ['a', 'b'])).toBe(false);
    expect(orderChanged(items, ['b', 'a'])).toBe(true);
    expect(orderChanged(items, ['a'])).toBe(true);
  });

  it('announces the new place in zh-TW', () => {
    expect(movedAnnouncement('熱門推薦', 0, 5)).toBe('「熱門推薦」已移到第 1 個，共 5 個。');
  });
});
