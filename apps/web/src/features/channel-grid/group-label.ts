import { NEWS_GROUP_TITLE } from '@site/contract';
import { t } from '../../i18n/zh-TW';

/**
 * What a channel group's tab says. The data keeps SPEC §2's 'NEWS' (the rule that hides the
 * news tiles' descriptions keys on it), but the tab reads 新聞 among the Chinese tabs (issue 20
 * item 18); every other title is shown as the data has it.
 */
export function groupLabel(channelGroupTitle: string): string {
  return channelGroupTitle === NEWS_GROUP_TITLE ? t.live.newsGroup : channelGroupTitle;
}
