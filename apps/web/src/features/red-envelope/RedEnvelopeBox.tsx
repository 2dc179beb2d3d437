import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { DrawActivity } from '@site/contract';
import { logActivity } from '../../api/activity-log';
import { drawActivity as requestDraw, type DrawOutcome } from '../../api/engagement';
import { paths } from '../../routing/paths';
import { Dialog } from '../dialog/Dialog';
import { t } from '../../i18n/zh-TW';
import { FRAME_MS, frameAt, nextChange, openActivity } from './schedule';
import './RedEnvelopeBox.css';

export type { DrawActivity };

/** setTimeout's largest delay (about 24.8 days). */
const MAX_DELAY_MS = 2 ** 31 - 1;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * The red-envelope box of the live page (SPEC §2 part 1, §4, §8, §9; docs/adr/0026). The
 * envelope appears at each activity's start countdown and hides at its end countdown (counted from
 * when this reply arrived); activities drawn or past are skipped. It wiggles every 2 s in 200 ms
 * frames (still under prefers-reduced-motion). A click draws: a win shows the prize name in a
 * dialog and the envelope hides when it closes; a visitor is told '您未登入'; a failed or empty
 * reply '網路載入速度緩慢，請稍後再試。'.
 */
export function RedEnvelopeBox({
  channelId,
  drawActivity,
}: {
  channelId: string;
  drawActivity: DrawActivity;
}) {
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const [drawnHere, setDrawnHere] = useState<ReadonlySet<string>>(() => new Set());
  const [frame, setFrame] = useState(0);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ activityId: string; result: DrawOutcome } | null>(null);
  const location = useLocation();

  // Which envelope shows, re-decided at each start or end countdown.
  // When this reply arrived: the countdowns count from then (a draw here must not restart them).
  const receivedRef = useRef<{ of: DrawActivity; at: number } | null>(null);
  useEffect(() => {
    const items = drawActivity.drawActivityList;
    if (receivedRef.current?.of !== drawActivity) {
      receivedRef.current = { of: drawActivity, at: Date.now() };
    }
    const received = receivedRef.current.at;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const elapsed = (Date.now() - received) / 1000;
      setOpenId(openActivity(items, elapsed, drawnHere)?.activityId);
      const next = nextChange(items, elapsed);
      if (next !== undefined) {
        timer = setTimeout(update, Math.min(MAX_DELAY_MS, (next - elapsed) * 1000 + 20));
      }
    };
    timer = setTimeout(update, 0);
    return () => clearTimeout(timer);
  }, [drawActivity, drawnHere, channelId]);

  // SPEC §9: every 2000 ms a wiggle of 200 ms frames, while an envelope shows.
  useEffect(() => {
    if (openId === undefined || prefersReducedMotion()) return;
    let tick = 0;
    const interval = setInterval(() => {
      setFrame(frameAt(tick));
      tick += 1;
    }, FRAME_MS);
    return () => {
      clearInterval(interval);
      setFrame(0);
    };
  }, [openId]);

  const draw = async () => {
    if (!openId || busy) return;
    const activityId = openId;
    setBusy(true);
    logActivity('RED_ENVELOPE_OPEN', JSON.stringify({ channelId, activityId }));
    const result = await requestDraw(activityId);
    setBusy(false);
    setOutcome({ activityId, result });
  };

  const close = () => {
    if (!outcome) return;
    const { activityId, result } = outcome;
    setOutcome(null);
    // Drawn (won or not) or refused for good: this envelope is done. A visitor or a failed reply
    // keeps it, to try again.
    if (result.kind === 'win' || result.kind === 'lose' || result.kind === 'refused') {
      setDrawnHere((drawn) => new Set([...drawn, activityId]));
    }
  };

  return (
    <div className="red-envelope" data-channel={channelId}>
      {openId !== undefined ? (
        <button
          type="button"
          className="red-envelope__button"
          data-frame={frame}
          aria-busy={busy}
          disabled={busy}
          onClick={() => void draw()}
        >
          <span className="red-envelope__icon" aria-hidden="true">
            <span className="red-envelope__seal">福</span>
          </span>
          <span className="visually-hidden">{t.redEnvelope.open}</span>
        </button>
      ) : null}
      {outcome ? (
        <OutcomeDialog
          outcome={outcome.result}
          onClose={close}
          loginHref={paths.login(location.pathname + location.search)}
        />
      ) : null}
    </div>
  );
}

function OutcomeDialog({
  outcome,
  onClose,
  loginHref,
}: {
  outcome: DrawOutcome;
  onClose: () => void;
  loginHref: string;
}) {
  const words = t.redEnvelope;
  const [title, message] =
    outcome.kind === 'win'
      ? [words.winTitle, words.won(outcome.prizeName)]
      : outcome.kind === 'lose'
        ? [words.loseTitle, words.lost]
        : outcome.kind === 'notLogin'
          ? [words.title, words.notLogin]
          : outcome.kind === 'refused'
            ? [words.title, outcome.message || words.slow]
            : [words.title, words.slow];
  return (
    <Dialog title={title} description={<p role="alert">{message}</p>} onClose={onClose}>
      <div className="dialog__actions">
        <button
          type="button"
          className="button"
          onClick={onClose}
          data-autofocus={outcome.kind === 'notLogin' ? undefined : true}
        >
          {words.ok}
        </button>
        {outcome.kind === 'notLogin' ? (
          <Link className="button button--primary" to={loginHref} data-autofocus>
            {words.login}
          </Link>
        ) : null}
      </div>
    </Dialog>
  );
}
