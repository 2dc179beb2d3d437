const formatter = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Taipei (through Intl, DESIGN §7). */
export function taipeiDateTime(unixSeconds: number): string {
  return formatter.format(new Date(unixSeconds * 1000));
}
