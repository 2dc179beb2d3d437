import { AD_LABEL_DEFAULT } from '@site/contract';

/** The pre-roll's words (zh-TW; the label's default stays in English as SPEC §9 gives it). */
export const adTexts = {
  labelDefault: AD_LABEL_DEFAULT,
  countdown: (seconds: number) => `廣告剩餘 ${seconds} 秒，結束後開始播放`,
  loading: '廣告載入中…',
  learnMore: '了解更多',
  learnMoreLabel: '了解更多（在新分頁開啟廣告主網站）',
  region: '廣告',
  /** A live channel's mid-roll break (issue 28 item 6): the channel comes back after it. */
  midrollCountdown: (seconds: number) => `廣告剩餘 ${seconds} 秒，結束後回到頻道`,
  midrollRegion: '插播廣告',
} as const;
