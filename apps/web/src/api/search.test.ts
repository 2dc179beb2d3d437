import { describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_COUNT as contractCount } from '@site/contract';
import { AUTOCOMPLETE_COUNT } from './search';

describe('AUTOCOMPLETE_COUNT', () => {
  it('is the contract’s (SPEC §9: 8 suggestions)', () => {
    expect(AUTOCOMPLETE_COUNT).toBe(contractCount);
    expect(AUTOCOMPLETE_COUNT).toBe(8);
  });
});
