import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  hasActiveFilters,
  searchFromFilters,
  toVideoListQuery,
  withFilter,
  withStartIndex,
  yearOptions,
} from './filters';

const parse = (query: string) => filtersFromSearch(new URLSearchParams(query));

describe('filtersFromSearch', () => {
  it('defaults to latest, first page, no filters', () => {
    expect(parse('')).toEqual({ orderBy: 'latest', startIndex: 0 });
  });

  it('reads every filter', () => {
    expect(
      parse(
        'mainCategoryId=movie&subcategoryId=movie-action&year=2020&country=JP&orderBy=name&sellType=RENT&startIndex=40',
      ),
    ).toEqual({
      mainCategoryId: 'movie',
      subcategoryId: 'movie-action',
      year: 2020,
      country: 'JP',
      orderBy: 'name',
      sellType: 'RENT',
      startIndex: 40,
    });
  });

  it('drops values the server would refuse', () => {
    expect(
      parse('mainCategoryId=a b&year=20x0&country=XX&orderBy=best&sellType=free&startIndex=-5'),
    ).toEqual({ orderBy: 'latest', startIndex: 0 });
    expect(parse('year=1800').year).toBeUndefined();
  });

  it('ignores a subcategory without its main category', () => {
    expect(parse('subcategoryId=movie-action').subcategoryId).toBeUndefined();
  });

  it('snaps a start index to a whole page', () => {
    expect(parse('startIndex=45').startIndex).toBe(40);
  });
});

describe('searchFromFilters', () => {
  it('round-trips and leaves out defaults', () => {
    const query = 'mainCategoryId=drama&year=2019&orderBy=oldest&startIndex=20';
    expect(searchFromFilters(parse(query)).toString()).toBe(query);
    expect(searchFromFilters(parse('orderBy=latest&startIndex=0')).toString()).toBe('');
  });
});

describe('withFilter', () => {
  const base = parse('mainCategoryId=movie&subcategoryId=movie-action&startIndex=60');

  it('resets to the first page on any change', () => {
    expect(withFilter(base, 'year', '2021')).toMatchObject({ year: 2021, startIndex: 0 });
  });
  it('clears the subcategory when the main category changes', () => {
    const next = withFilter(base, 'mainCategoryId', 'drama');
    expect(next.mainCategoryId).toBe('drama');
    expect(next.subcategoryId).toBeUndefined();
  });
  it('removes a filter set to 全部', () => {
    expect(withFilter(base, 'subcategoryId', '').subcategoryId).toBeUndefined();
    expect(withFilter(base, 'mainCategoryId', '').mainCategoryId).toBeUndefined();
  });
});

describe('paging and query', () => {
  it('asks the server for one page of 20', () => {
    const filters = withStartIndex(parse('country=KR'), 20);
    expect(toVideoListQuery(filters)).toEqual({
      country: 'KR',
      orderBy: 'latest',
      startIndex: 20,
      maxRecord: 20,
      mainCategoryId: undefined,
      subcategoryId: undefined,
      year: undefined,
      sellType: undefined,
    });
  });
  it('knows whether any filter is set', () => {
    expect(hasActiveFilters(parse('startIndex=20'))).toBe(false);
    expect(hasActiveFilters(parse('orderBy=name'))).toBe(true);
  });
  it('lists years newest first', () => {
    expect(yearOptions(2026, 2024)).toEqual([2026, 2025, 2024]);
  });
});
