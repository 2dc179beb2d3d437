import { describe, expect, it } from 'vitest';
import { blankForm, formOf, inputOf } from './programme-form';

const MONDAY = 1_795_363_200; // 2026-11-23 00:00 Taipei

describe('the programme dialog', () => {
  it('shows times in Taipei and gives them back as Unix seconds', () => {
    const form = blankForm(MONDAY + 20 * 3600);
    expect(form.start).toBe('2026-11-23T20:00');
    expect(form.end).toBe('2026-11-23T21:00');
    const result = inputOf({ ...form, title: ' 晚間新聞 ', clipId: 'clip-a' });
    expect(result.input).toEqual({
      start: MONDAY + 20 * 3600,
      end: MONDAY + 21 * 3600,
      title: '晚間新聞',
      description: '',
      clipId: 'clip-a',
      blackout: false,
    });
    const back = formOf({ ...result.input!, clipId: null });
    expect(back.clipId).toBe('');
  });

  it('names what is wrong by field, in zh-TW', () => {
    const form = blankForm(MONDAY);
    expect(inputOf({ ...form, title: '' }).problems).toEqual({ title: '請輸入節目名稱' });
    expect(inputOf({ ...form, title: 'x', end: form.start }).problems).toEqual({
      end: '結束時間必須晚於開始時間',
    });
    expect(inputOf({ ...form, title: 'x', start: '' }).problems?.start).toBe('請輸入開始時間');
  });

  it('takes seconds too', () => {
    const form = { ...blankForm(MONDAY + 15), title: 'x' };
    expect(form.start).toBe('2026-11-23T00:00:15');
    expect(inputOf(form).input?.start).toBe(MONDAY + 15);
  });
});
