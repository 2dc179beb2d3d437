/** The periods 播放品質 offers, ending with the current hour. */
export const PERIODS = [
  { id: '24h', label: '最近 24 小時', hours: 24 },
  { id: '7d', label: '最近 7 天', hours: 7 * 24 },
  { id: '30d', label: '最近 30 天', hours: 30 * 24 },
  { id: '90d', label: '最近 90 天', hours: 90 * 24 },
] as const;
export type Period = (typeof PERIODS)[number];

/** A ratio as a percentage with two decimals ('—': nothing measured). */
export function percent(ratio: number | null): string {
  return ratio === null ? '—' : `${(ratio * 100).toFixed(2)}%`;
}

/** Milliseconds as seconds with two decimals ('—': nothing measured). */
export function seconds(ms: number | null): string {
  return ms === null ? '—' : `${(ms / 1000).toFixed(2)} 秒`;
}
