import { describe, expect, it } from 'vitest';
import {
  FIXED_TEXTS,
  KNOWN_WORDINGS,
  bracedTokens,
  checkWordingText,
  knownWording,
  shapeOfText,
  wordingTemplate,
} from './wording-shapes.js';

const minutes = knownWording('Live_Minutes_Wording')!;
const footer = knownWording('FOOTER_REDEEM')!;
const opening = knownWording('OPENING_PAGE')!;
const messages = (shape: Parameters<typeof checkWordingText>[0], text: string) =>
  checkWordingText(shape, text).map((p) => `${p.placeholder} ${p.message}`);

describe('wording placeholders (issue 25 item 9)', () => {
  it('writes each known entry’s template, and every default fits its own shape', () => {
    expect(wordingTemplate(minutes)).toBe('{minutes}$${message}');
    expect(wordingTemplate(opening)).toBe('{image}$${link}$${seconds}');
    for (const entry of KNOWN_WORDINGS) {
      expect(checkWordingText(entry, entry.defaultText), entry.code).toEqual([]);
    }
  });

  it('names the placeholder a text dropped, by what the parts left still fit', () => {
    expect(messages(minutes, '免費試看時間已到')).toEqual([
      '{minutes} 少了代入值「{minutes}」（免費試看分鐘數）：這段文字須寫成「{minutes}$${message}」，各段以「$$」分隔。',
    ]);
    expect(messages(minutes, '10')[0]).toMatch(/^\{message\} 少了代入值「\{message\}」/);
    expect(messages(footer, '序號兌換')[0]).toMatch(
      /少了代入值「\{link\}」.*沒有值時也要保留「\$\$」/,
    );
    expect(messages(opening, 'images/a.jpg$$3')[0]).toMatch(/^\{link\} /);
  });

  it('refuses an added $$ and a braced token, naming them', () => {
    expect(messages(minutes, '10$$a$$b')[0]).toMatch(
      /^\$\$ 多了 1 個「\$\$」分隔.*只能有 1 個「\$\$」/,
    );
    expect(messages(knownWording('REDEEM_TERMS')!, 'a$$b')[0]).toMatch(/這段文字不能含有「\$\$」/);
    expect(messages(minutes, '{minutes}$$時間到')[0]).toMatch(
      /^\{minutes\} 「\{minutes\}」是代入值的名稱/,
    );
    expect(messages(minutes, '10$$還有 {left} 分')[0]).toMatch(/^\{left\} 多了代入值「\{left\}」/);
    expect(bracedTokens('a {x} b {y}')).toEqual(['x', 'y']);
  });

  it('checks each part’s kind, emptiness, length and control characters', () => {
    expect(messages(minutes, '0$$a')[0]).toMatch(/須為 1 到 1440 的整數分鐘數/);
    expect(messages(minutes, '1441$$a')[0]).toMatch(/1440/);
    expect(messages(minutes, ' 10$$a')[0]).toMatch(/前後不能有空白/);
    expect(messages(minutes, '10$$')[0]).toMatch(/「\{message\}」（提示訊息）不能是空的/);
    expect(messages(minutes, '')[0]).toMatch(/請輸入文字內容/);
    expect(messages(minutes, `10$$${'字'.repeat(200)}`)[0]).toMatch(
      /文字最多 200 個字（目前 204 個字）/,
    );
    expect(messages(minutes, '10$$第一行\n第二行')[0]).toMatch(/換行/);
    expect(messages(footer, '兌換$$javascript:alert(1)')[0]).toMatch(/站內路徑/);
    expect(messages(footer, '兌換$$//evil.example')[0]).toMatch(/站內路徑/);
    expect(checkWordingText(footer, '兌換$$https://shop.example.com/redeem')).toEqual([]);
    expect(checkWordingText(footer, '兌換$$')).toEqual([]);
    expect(messages(opening, 'images/../x.jpg$$/browse$$3')[0]).toMatch(/圖片路徑/);
    expect(messages(opening, 'images/a.jpg$$/browse$$61')[0]).toMatch(/0 到 60/);
    expect(messages(knownWording('BLOG_INFO')!, '部落格$$/blog')[0]).toMatch(/https:\/\//);
  });

  it('gives an unknown entry the parts its text has', () => {
    const shape = shapeOfText('雙十一$$全館八折');
    expect(wordingTemplate(shape)).toBe('{part1}$${part2}');
    expect(checkWordingText(shape, '週年慶$$')).toEqual([]);
    expect(messages(shape, '週年慶')[0]).toMatch(/少了代入值「\{part2\}」/);
    expect(wordingTemplate(shapeOfText('一段話'))).toBe('{text}');
  });

  it('lists SPEC’s fixed texts verbatim, none of them a wording code', () => {
    expect(FIXED_TEXTS.map((f) => f.text)).toEqual(
      expect.arrayContaining([
        '此頻道目前無法觀看，請稍候再試。',
        '此頻道目前無法觀看，請重新整理頁面後再試。',
        '本頻道因授權關係無法在此設備(PC)觀看，建議您用手機或平板觀看。',
        '網路載入速度緩慢，請稍後再試。',
        '您未登入',
      ]),
    );
    const codes = new Set(KNOWN_WORDINGS.map((w) => w.code));
    expect(FIXED_TEXTS.some((f) => codes.has(f.key))).toBe(false);
  });
});
