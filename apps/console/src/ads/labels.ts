export const CAMPAIGNS_KEY = ['console', 'ad-campaigns'] as const;
export const CREATIVES_KEY = ['console', 'ad-creatives'] as const;

export const CAMPAIGN_STATUS_LABELS = {
  scheduled: '尚未開始',
  running: '走期中',
  ended: '已結束',
  paused: '已暫停',
} as const;

export const DEVICE_LABELS: Record<string, string> = {
  PC: '電腦',
  Android: 'Android 手機',
  iPhone: 'iPhone',
  iPad: 'iPad',
  iOS: '其他 iOS（Apple TV）',
  Handset: '其他手機',
  Tablet: '平板',
  Chromecast: 'Chromecast',
};
