import type { TitleTable } from '../../db/schema.js';
import type { ContentScope } from '../accounts/viewer.js';

/**
 * Who a title may reach (SPEC §6), as one level, widest audience highest: search terms and play
 * history keep a copy beside their own rows, so they filter with a range instead of reading
 * every title. A scope sees the levels at or above its minimum.
 */
export const AUDIENCE = { kids: 3, general: 2, restricted: 1, sexual: 0 } as const;

export function audienceOf(
  title: Pick<TitleTable, 'kid_safe' | 'is_restricted' | 'is_sexual'>,
): number {
  if (title.is_sexual) return AUDIENCE.sexual;
  if (title.is_restricted) return AUDIENCE.restricted;
  return title.kid_safe ? AUDIENCE.kids : AUDIENCE.general;
}

/** The least level a scope sees; `hideSexual` for calls that never show sexual titles. */
export function minimumAudience(scope: ContentScope & { hideSexual?: boolean }): number {
  if (scope.kidsOnly) return AUDIENCE.kids;
  if (scope.hideRestricted) return AUDIENCE.general;
  return scope.hideSexual ? AUDIENCE.restricted : AUDIENCE.sexual;
}
