import { SUB_ACCOUNT_ICON_COUNT } from '@site/contract';
import { t } from '../../i18n/zh-TW';

/**
 * The avatar set of iconIdx 0–7. The server sends iconUrl and iconDesc with each sub-account;
 * a new one has none yet, so the picker builds the same URLs (served from /media).
 */
export const avatarIndexes = Array.from({ length: SUB_ACCOUNT_ICON_COUNT }, (_, index) => index);

export function avatarUrl(iconIdx: number): string {
  return `/media/images/icons/icon-${String(iconIdx + 1).padStart(2, '0')}.svg`;
}

export function avatarDesc(iconIdx: number): string {
  return t.avatars[iconIdx] ?? t.avatars[0];
}
