import { SEARCH_KEYWORD_MAX_CHARACTERS } from '@site/contract';

/**
 * How many characters a typed keyword has, counted as the server counts them (trimmed, code
 * points: 𠀀 is one), and whether it is over the limit. The box says so rather than cut the
 * input at 50 (issue 20 item 18): a pasted sentence cut silently searches for something else.
 */
export function keywordLength(value: string): { count: number; tooLong: boolean } {
  let count = 0;
  for (const _ of value.trim()) count += 1;
  return { count, tooLong: count > SEARCH_KEYWORD_MAX_CHARACTERS };
}
