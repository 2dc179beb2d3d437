/**
 * SPEC §9: "Expiry text shows minutes when under 1 hour, otherwise hours. Duration format is
 * hours and minutes." Minutes and hours round up, so "剩餘 1 分鐘" still means some time is left.
 */
export function expiryText(secondsLeft: number, what: 'start' | 'finish'): string {
  if (secondsLeft <= 0) return '已到期';
  const amount =
    secondsLeft < 3600
      ? `${Math.ceil(secondsLeft / 60)} 分鐘`
      : `${Math.ceil(secondsLeft / 3600)} 小時`;
  return what === 'start' ? `請於 ${amount}內開始觀看` : `剩餘 ${amount}`;
}

/** "1 小時 35 分鐘"; under an hour just the minutes ("35 分鐘"). */
export function durationText(seconds: number): string {
  const minutes = Math.ceil(Math.max(0, seconds) / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} 小時 ${rest} 分鐘` : `${rest} 分鐘`;
}
