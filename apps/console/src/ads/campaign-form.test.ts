import { describe, expect, it } from 'vitest';
import {
  campaignFieldOf,
  campaignFormSchema,
  campaignInput,
  completionRate,
  creativeUploadSchema,
  emptyCampaignForm,
  idsOf,
} from './campaign-form';

const NOW = Date.UTC(2026, 10, 27, 5, 30) / 1000;

describe('the campaign form', () => {
  it('sends the Taipei window as Unix seconds and the typed ids as lists (empty: any)', () => {
    const form = campaignFormSchema.parse({
      ...emptyCampaignForm(NOW),
      name: '夏季新品',
      advertiser: '星河飲料',
      startsAt: '2026-12-01T00:00',
      endsAt: '2026-12-31T23:59',
      creativeIds: ['AC1'],
      channels: 'ch02\nch05、ch02',
      capPerDay: '3',
    });
    expect(campaignInput(form)).toMatchObject({
      startsAt: Date.UTC(2026, 10, 30, 16) / 1000,
      endsAt: Date.UTC(2026, 11, 31, 15, 59) / 1000,
      channels: ['ch02', 'ch05'],
      titles: [],
      categories: [],
      capPerDay: 3,
      priority: 10,
      slots: ['preroll'],
    });
  });

  it('refuses a window that ends before it starts, no creative and bad numbers, in zh-TW', () => {
    const result = campaignFormSchema.safeParse({
      ...emptyCampaignForm(NOW),
      name: '夏季新品',
      advertiser: '星河飲料',
      startsAt: '2026-12-31T00:00',
      endsAt: '2026-12-01T00:00',
      capPerDay: '-1',
    });
    expect(result.success).toBe(false);
    const problems = Object.fromEntries(
      result.error!.issues.map((i) => [String(i.path[0]), i.message]),
    );
    expect(problems).toMatchObject({
      endsAt: '結束時間必須晚於開始時間',
      creativeIds: '請至少選擇一支素材',
      capPerDay: '每日頻次上限須為 0 到 100 的整數',
    });
  });

  it('starts on the hour, for 30 days', () => {
    const form = emptyCampaignForm(NOW);
    expect(form.startsAt).toBe('2026-11-27T13:00');
    expect(form.endsAt).toBe('2026-12-27T13:00');
  });

  it('checks the click-through: https only, well-formed', () => {
    const ok = (clickThrough: string) =>
      creativeUploadSchema.safeParse({ adTitle: 'a', advertiser: 'b', clickThrough }).success;
    expect(ok('')).toBe(true);
    expect(ok('https://drinks.example.com/summer?x=1')).toBe(true);
    expect(ok('http://drinks.example.com/')).toBe(false);
    expect(ok('javascript:alert(1)')).toBe(false);
    expect(ok('https://localhost/')).toBe(false);
    expect(ok('https://a b.example.com/')).toBe(false);
    expect(ok('https://me:pw@drinks.example.com/')).toBe(false);
  });

  it('maps server fields and shows rates', () => {
    expect(campaignFieldOf('endsAt')).toBe('endsAt');
    expect(campaignFieldOf('creativeIds')).toBe('creativeIds');
    expect(campaignFieldOf('nonsense')).toBe('name');
    expect(idsOf(' a, b\nb、c ')).toEqual(['a', 'b', 'c']);
    expect(completionRate(1, 3)).toBe('33.3%');
    expect(completionRate(0, 0)).toBe('—');
  });
});
