import { describe, expect, it } from 'vitest';
import { moved, peopleProblems } from './people';

describe('people rows', () => {
  it('moves a row up and down, never past either end', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('finds a missing or too long name, by row', () => {
    const problems = peopleProblems([
      { name: '王小明', role: 'actor' },
      { name: '  ', role: 'actor' },
      { name: '長'.repeat(41), role: 'director' },
    ]);
    expect([...problems.keys()]).toEqual([1, 2]);
    expect(problems.get(1)).toBe('請輸入姓名');
    expect(problems.get(2)).toBe('姓名最多 40 個字');
  });
});
