/**
 * Posts a log entry (POST /sas/InsertAppLog, /sas/InsertSASLog) as a beacon: it survives the page
 * going away and holds nothing up. sendBeacon sends a string as text/plain, which the log faces
 * read as JSON; where there is no sendBeacon (or it refuses), a keepalive fetch. Failures are quiet.
 */
export function sendLogBeacon(url: string, body: string): void {
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // Fall through to fetch.
  }
  fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}
