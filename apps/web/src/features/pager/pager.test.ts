import { describe, expect, it } from 'vitest';
import { pageInfo, pageNumbers, startIndexFromParam } from './pager';

describe('pageInfo', () => {
  it('counts pages and the current one', () => {
    expect(pageInfo(0, 0, 20)).toEqual({ current: 1, total: 1 });
    expect(pageInfo(40, 41, 20)).toEqual({ current: 3, total: 3 });
    expect(pageInfo(200, 41, 20)).toEqual({ current: 3, total: 3 });
  });
});

describe('pageNumbers', () => {
  it('shows every page when there are few', () => {
    expect(pageNumbers({ current: 1, total: 1 })).toEqual([1]);
    expect(pageNumbers({ current: 2, total: 4 })).toEqual([1, 2, 3, 4]);
  });
  it('elides long runs but fills a single gap', () => {
    expect(pageNumbers({ current: 5, total: 10 })).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageNumbers({ current: 3, total: 10 })).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageNumbers({ current: 10, total: 10 })).toEqual([1, null, 9, 10]);
  });
});

describe('startIndexFromParam', () => {
  it('snaps to whole pages and ignores junk', () => {
    expect(startIndexFromParam('45', 20)).toBe(40);
    expect(startIndexFromParam('20', 20)).toBe(20);
    expect(startIndexFromParam(null, 20)).toBe(0);
    expect(startIndexFromParam('-1', 20)).toBe(0);
    expect(startIndexFromParam('1e3', 20)).toBe(0);
  });
});
