import { describe, expect, it } from 'vitest';
import { detailLinkString } from '@site/contract';
import { detailPathFromLink, isCompletePair, parseDetailLink, WRONG_DETAIL_PATH } from './parse';

describe('parseDetailLink', () => {
  it('puts the second id first', () => {
    expect(parseDetailLink('video:S0001|E0003')).toEqual({ contentId: 'E0003', otherId: 'S0001' });
    expect(parseDetailLink('x:M0001|M0001')).toEqual({ contentId: 'M0001', otherId: 'M0001' });
  });

  it('needs a prefix before the colon', () => {
    expect(parseDetailLink('A|B')).toBeNull();
    expect(parseDetailLink(':A|B')).toBeNull();
    expect(parseDetailLink('  :A|B')).toBeNull();
  });

  it('needs both ids non-empty', () => {
    expect(parseDetailLink('x:|B')).toBeNull();
    expect(parseDetailLink('x:A|')).toBeNull();
    expect(parseDetailLink('x:|')).toBeNull();
    expect(parseDetailLink('x:A')).toBeNull();
    expect(parseDetailLink('')).toBeNull();
  });

  it('refuses extra pipes', () => {
    expect(parseDetailLink('x:A|B|C')).toBeNull();
    expect(parseDetailLink('x:A||B')).toBeNull();
  });

  it('trims ids and treats whitespace-only ids as empty', () => {
    expect(parseDetailLink('x: A | B ')).toEqual({ contentId: 'B', otherId: 'A' });
    expect(parseDetailLink('x:   |B')).toBeNull();
    expect(parseDetailLink('x:A|\t\n')).toBeNull();
  });

  it('keeps colons after the first as part of the ids', () => {
    expect(parseDetailLink('a:b:A|B')).toEqual({ contentId: 'B', otherId: 'b:A' });
  });
});

describe('detailPathFromLink', () => {
  it('builds the details path', () => {
    expect(detailPathFromLink('video:S0001|E0003')).toBe('/details/E0003/S0001');
  });
  it('encodes URL-unsafe characters', () => {
    expect(detailPathFromLink('x:a/b?c|影 片#1')).toBe(
      '/details/%E5%BD%B1%20%E7%89%87%231/a%2Fb%3Fc',
    );
  });
  it('keeps an empty id empty, so the page shows 網址資料錯誤 (issue 20 item 20)', () => {
    expect(detailPathFromLink('video:|M0001')).toBe('/details/M0001/');
    expect(detailPathFromLink('video:M0001|')).toBe('/details//M0001');
    expect(detailPathFromLink('video: |\t')).toBe('/details//');
  });
  it('sends a string that is no link string to the 網址資料錯誤 state too', () => {
    for (const bad of ['', 'M0001', ':A|B', 'x:A', 'x:A|B|C'])
      expect(detailPathFromLink(bad), bad).toBe(WRONG_DETAIL_PATH);
  });
  it('round-trips what the server writes (detailLinkString)', () => {
    expect(detailPathFromLink(detailLinkString('S0001-S1E03', 'S0001'))).toBe(
      '/details/S0001-S1E03/S0001',
    );
    expect(detailPathFromLink(detailLinkString('M0003', 'M0003'))).toBe('/details/M0003/M0003');
  });
});

describe('isCompletePair', () => {
  it('needs both ids non-blank', () => {
    expect(isCompletePair('A', 'B')).toBe(true);
    expect(isCompletePair(' ', 'B')).toBe(false);
    expect(isCompletePair('A', undefined)).toBe(false);
  });
});
