import { useEffect, useId, useRef, useState } from 'react';
import type { ActiveStream } from '@site/contract';
import { ApiError } from '../../api/client';
import { stopStream } from '../../api/devices';
import { formatDateTime } from '../catalogue/format';
import { formError } from '../forms/field-errors';
import { FormMessage } from '../forms/FormMessage';
import { useAction } from '../forms/use-action';
import { t } from '../../i18n/zh-TW';
import './devices.css';

const d = t.devices;

/** 「停止該裝置播放」: a stream already gone (404) counts as stopped. */
export async function stopStreamIfAny(streamId: string): Promise<void> {
  try {
    await stopStream(streamId);
  } catch (error) {
    if (!(error instanceof ApiError) || error.httpStatus !== 404) throw error;
  }
}

/** One playing stream: the device, what it plays and since when (Asia/Taipei). */
export function StreamRow({
  stream,
  nameId,
}: {
  stream: ActiveStream;
  /** The id of the device's name, which describes the row's button. */
  nameId: string;
}) {
  return (
    <div className="devices__what">
      <p className="devices__name">
        <span id={nameId}>{stream.deviceName}</span>
        {stream.current === 'Y' ? <span className="devices__badge">{d.thisDevice}</span> : null}
      </p>
      <p className="devices__detail">{d.streamPlaying(stream.playing)}</p>
      <p className="devices__detail">{d.streamSince(formatDateTime(stream.startedAt))}</p>
    </div>
  );
}

/** The streams playing now, each with 「停止該裝置播放」 (the refusal's and 裝置管理's list). */
export function StreamStopList({
  streams,
  stopping,
  pending,
  primary = false,
  onStop,
}: {
  streams: readonly ActiveStream[];
  /** The stream being stopped, whose button says so. */
  stopping: string;
  pending: boolean;
  primary?: boolean;
  onStop: (stream: ActiveStream) => void;
}) {
  const baseId = useId();
  return (
    <div role="group" aria-label={d.streamsLabel} hidden={streams.length === 0}>
      <ul className="devices__list">
        {streams.map((stream, index) => (
          <li key={stream.streamId} className="devices__item">
            <StreamRow stream={stream} nameId={`${baseId}-${index}`} />
            <div className="devices__actions">
              <button
                type="button"
                className={primary ? 'button button--primary' : 'button'}
                aria-describedby={`${baseId}-${index}`}
                aria-disabled={pending}
                onClick={() => onStop(stream)}
              >
                {stopping === stream.streamId ? d.stopping : d.stopStream}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A play refused with STREAM_LIMIT (play page, live page): the server's message and the streams
 * playing now, each with 「停止該裝置播放」, which stops it and then asks for the play again.
 */
export function StreamLimitRefusal({
  message,
  streams,
  onRetry,
}: {
  message: string;
  streams: readonly ActiveStream[];
  /** Asks for the play again (the play right, the channel switch). */
  onRetry: () => Promise<unknown> | void;
}) {
  const action = useAction();
  const [stopping, setStopping] = useState('');

  const stop = async (streamId: string) => {
    if (action.pending) return;
    setStopping(streamId);
    await action.perform(async () => {
      await stopStreamIfAny(streamId);
      await onRetry();
      return '';
    });
    setStopping('');
  };

  return (
    <div className="message message--error stream-limit">
      <p role="alert">{message}</p>
      <StreamStopList
        streams={streams}
        stopping={stopping}
        pending={action.pending}
        primary
        onStop={(stream) => stop(stream.streamId)}
      />
      {streams.length === 0 ? (
        // The streams ended meanwhile (or none could be named): asking again may pass now.
        <div className="devices__actions">
          <button
            type="button"
            className="button"
            aria-disabled={action.pending}
            onClick={() =>
              void action.perform(async () => {
                await onRetry();
                return '';
              })
            }
          >
            {t.common.retry}
          </button>
        </div>
      ) : null}
      <FormMessage error={formError(action.error, t.common.actionFailed)} />
    </div>
  );
}

/**
 * In place of a player whose stream another device stopped (STREAM_STOPPED): the server's words
 * and 重新播放, which asks for the play right again.
 */
export function StreamStopped({
  message,
  onPlayAgain,
}: {
  message: string;
  onPlayAgain: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  // The player it replaces may have had the keyboard focus: 重新播放 takes it.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) button.current?.focus();
  }, []);
  return (
    <div className="player">
      <div className="player__frame">
        <div className="player__stage stream-stopped">
          <div className="stream-stopped__box" role="alert">
            <p>{message}</p>
          </div>
          <button
            ref={button}
            type="button"
            className="button button--primary"
            onClick={onPlayAgain}
          >
            {d.playAgain}
          </button>
        </div>
      </div>
    </div>
  );
}
