import { describe, expect, it } from 'vitest';
import { batchFormSchema, batchInput } from './batch-form';

const base = {
  name: '週年慶',
  kind: 'stored_value' as const,
  contentId: '',
  contentIds: '',
  serviceId: '',
  amount: '200',
  creditDays: '',
  validUntilDay: '2027-01-31',
  channel: 'retail' as const,
  quantity: '1,000',
};

const problems = (values: object) => {
  const result = batchFormSchema.safeParse({ ...base, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe('the new-batch form', () => {
  it('refuses 0 and 10 million in the words the server uses', () => {
    expect(problems({ quantity: '0' })).toEqual({ quantity: '數量至少為 1 組' });
    expect(problems({ quantity: '10000000' })).toEqual({ quantity: '一批最多 100,000 組序號' });
    expect(problems({ quantity: '' })).toEqual({ quantity: '請輸入數量' });
  });

  it('asks for what the kind grants', () => {
    expect(problems({ kind: 'title' })).toEqual({ contentId: '請輸入要兌換的影片編號' });
    expect(problems({ kind: 'title_choice', contentIds: 'M1' })).toEqual({
      contentIds: '請至少輸入 2 部可選影片的編號',
    });
    expect(problems({ kind: 'viewing_credit' })).toEqual({ creditDays: '請輸入看片金可用天數' });
    expect(problems({ channel: '' })).toEqual({ channel: '請選擇銷售通路' });
  });

  it('sends the fields of the kind, the end of the Taipei day and whole numbers', () => {
    const form = batchFormSchema.parse({ ...base, kind: 'title_choice', contentIds: 'M1\nM2, M1' });
    expect(batchInput(form)).toEqual({
      name: '週年慶',
      kind: 'title_choice',
      contentIds: ['M1', 'M2'],
      validUntil: Date.parse('2027-01-31T23:59:59+08:00') / 1000,
      channel: 'retail',
      quantity: 1000,
    });
  });
});
