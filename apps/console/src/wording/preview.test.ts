import { KNOWN_WORDINGS, type KnownWording } from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import { filledPlaceholders, problemsOf, segmentsOf, separatorCount } from './placeholders';
import { isAppPath, previewOf } from './preview';

const entry = (code: string): KnownWording => KNOWN_WORDINGS.find((w) => w.code === code)!;

describe('wording editor logic (issue 25 item 9)', () => {
  it('cuts a text into its placeholders and separators, marking missing and extra parts', () => {
    const minutes = entry('Live_Minutes_Wording');
    expect(segmentsOf(minutes, '10$$時間到')).toEqual([
      { kind: 'value', name: 'minutes', label: '免費試看分鐘數', value: '10', missing: false },
      { kind: 'separator' },
      { kind: 'value', name: 'message', label: '提示訊息', value: '時間到', missing: false },
    ]);
    expect(segmentsOf(minutes, '時間到')[2]).toMatchObject({ name: 'message', missing: true });
    expect(segmentsOf(minutes, '10$$a$$b').at(-1)).toEqual({ kind: 'extra', value: 'b' });
    expect(filledPlaceholders(minutes, '15$$登入後繼續')).toEqual([
      { name: '{minutes}', label: '免費試看分鐘數', value: '15' },
      { name: '{message}', label: '提示訊息', value: '登入後繼續' },
    ]);
    expect(separatorCount('a$$b$$c')).toBe(2);
  });

  it('previews the live prompt as the web reads it: minutes × 60 s, then the message', () => {
    expect(previewOf(entry('Live_Minutes_Wording'), '15$$試看結束，登入後繼續收看。')).toEqual({
      kind: 'liveMinutes',
      minutes: 15,
      seconds: 900,
      message: '試看結束，登入後繼續收看。',
    });
    expect(previewOf(entry('Live_Minutes_Wording'), '試看結束')).toBeNull();
    expect(problemsOf(entry('Live_Minutes_Wording'), '試看結束')[0]?.placeholder).toBe('{minutes}');
  });

  it('previews footer lines as the footer links them', () => {
    expect(previewOf(entry('FOOTER_REDEEM'), '序號兌換$$/redeem')).toMatchObject({
      text: '序號兌換',
      target: 'app',
      small: false,
    });
    expect(previewOf(entry('FOOTER_LIVE'), '節目表$$/epg/xmltv.xml')).toMatchObject({
      target: 'web',
    });
    expect(previewOf(entry('FOOTER_COPYRIGHT'), '© 星河$$')).toMatchObject({
      target: 'none',
      small: true,
    });
    expect(isAppPath('//evil.example')).toBe(false);
  });

  it('previews the server’s entries by their parts', () => {
    expect(previewOf(entry('OPENING_PAGE'), 'images/site/a.jpg$$/browse$$5')).toEqual({
      kind: 'openingPage',
      image: 'images/site/a.jpg',
      link: '/browse',
      seconds: 5,
    });
    expect(previewOf(entry('BLOG_INFO'), '部落格$$https://blog.example.com')).toMatchObject({
      title: '部落格',
      url: 'https://blog.example.com',
    });
    expect(previewOf(entry('REDEEM_TERMS'), '請勿重複輸入')).toEqual({
      kind: 'plainText',
      parts: ['請勿重複輸入'],
    });
  });
});
