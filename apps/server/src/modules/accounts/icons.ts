import { mediaUrl } from '../media/urls.js';

/** The avatar set a sub-account picks from (iconIdx), with the words a screen reader says. */
export const subAccountIcons = [
  '橘色小熊',
  '紅色狐狸',
  '綠色青蛙',
  '藍色鯨魚',
  '紫色貓咪',
  '粉紅兔子',
  '青色烏龜',
  '橙色老虎',
] as const;

export function iconOf(iconIdx: number): { iconUrl: string; iconDesc: string } {
  const index = iconIdx >= 0 && iconIdx < subAccountIcons.length ? iconIdx : 0;
  return {
    iconUrl: mediaUrl(`images/icons/icon-${String(index + 1).padStart(2, '0')}.svg`),
    iconDesc: subAccountIcons[index]!,
  };
}
