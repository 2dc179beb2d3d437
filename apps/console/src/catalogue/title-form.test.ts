import { describe, expect, it } from 'vitest';
import { changedFields, formSchema } from './title-form';

const values = {
  name: '新片名',
  synopsis: '',
  onShelfAt: '2026-11-26T20:00',
  offShelfAt: '',
  price: 120,
} as Parameters<typeof changedFields>[0];

describe('changedFields', () => {
  it('sends only the fields the editor changed', () => {
    expect(changedFields(values, ['name'])).toEqual({ name: '新片名' });
  });

  it('sends Taipei times back as Unix seconds, an empty off-shelf time as never', () => {
    expect(changedFields(values, ['onShelfAt', 'offShelfAt'])).toEqual({
      onShelfAt: Date.UTC(2026, 10, 26, 12, 0) / 1000,
      offShelfAt: null,
    });
  });
});

describe('formSchema', () => {
  it('refuses an on-shelf time that is not a Taipei date and time', () => {
    const shape = formSchema.shape.onShelfAt;
    expect(shape.safeParse('2026-11-26T20:00').success).toBe(true);
    expect(shape.safeParse('').success).toBe(false);
    expect(formSchema.shape.offShelfAt.safeParse('').success).toBe(true);
  });
});
