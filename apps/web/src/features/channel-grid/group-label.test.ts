import { describe, expect, it } from 'vitest';
import { groupLabel } from './group-label';

describe('groupLabel', () => {
  it('shows the NEWS group as 新聞 and every other title as it is', () => {
    expect(groupLabel('NEWS')).toBe('新聞');
    expect(groupLabel('綜合')).toBe('綜合');
    expect(groupLabel('news')).toBe('news');
  });
});
