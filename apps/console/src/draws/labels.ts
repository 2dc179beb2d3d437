const count = new Intl.NumberFormat('zh-TW');
export const formatCount = (n: number) => count.format(n);

/** Odds as the console shows them: 0.125 → 12.5%. */
export function formatOdds(odds: number): string {
  return `${Math.round(odds * 1000) / 10}%`;
}
