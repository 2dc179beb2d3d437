import { consoleScheduleCalls } from '@site/contract/console';
import { useState } from 'react';
import { call, ConsoleCallError } from '../api/call';
import { Alert } from '../ui/Alert';
import { addDays } from './grid';

/**
 * Copy a day or the week to another day or week (issue 25 item 2). The server refuses the whole
 * copy when any programme would overlap one already there or start before now (docs/adr/0048).
 */
export function CopyPanel({
  channelId,
  week,
  onCopied,
}: {
  channelId: string;
  week: string;
  onCopied: () => void;
}) {
  const [days, setDays] = useState<1 | 7>(1);
  const [from, setFrom] = useState(week);
  const [to, setTo] = useState(addDays(week, 7));
  const [result, setResult] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  return (
    <form
      className="schedule-copy"
      aria-label="複製節目"
      onSubmit={(event) => {
        event.preventDefault();
        setResult(null);
        call(consoleScheduleCalls.copy, { channelId, from, to, days })
          .then(({ copied }) => {
            setResult({ tone: 'info', text: `已複製 ${copied} 個節目。` });
            onCopied();
          })
          .catch((error: unknown) =>
            setResult({
              tone: 'error',
              text:
                error instanceof ConsoleCallError
                  ? error.message
                  : '發生未預期的錯誤，請再試一次。',
            }),
          );
      }}
    >
      <h2>複製節目</h2>
      <label>
        範圍{' '}
        <select value={days} onChange={(e) => setDays(Number(e.target.value) === 7 ? 7 : 1)}>
          <option value={1}>一天</option>
          <option value={7}>一週（所選日期所在的週）</option>
        </select>
      </label>
      <label>
        從 <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
      </label>
      <label>
        複製到 <input type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
      </label>
      <button type="submit" className="button">
        複製
      </button>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
    </form>
  );
}
