import { useId, useState } from 'react';
import type { DeviceList } from '../../api/devices';
import { formError } from '../forms/field-errors';
import { FormMessage } from '../forms/FormMessage';
import { useAction } from '../forms/use-action';
import { t } from '../../i18n/zh-TW';
import { StreamRow, stopStreamIfAny } from './StreamLimit';

const d = t.devices;

/** The streams playing now, each with 「停止該裝置播放」. */
export function Streams({
  list,
  onStopped,
}: {
  list: DeviceList;
  onStopped: (name: string) => void;
}) {
  const action = useAction();
  const [stopping, setStopping] = useState('');
  const baseId = useId();
  if (list.streams.length === 0) return <p>{d.noStreams}</p>;
  const stop = async (streamId: string, name: string) => {
    if (action.pending) return;
    setStopping(streamId);
    const ok = await action.perform(async () => {
      await stopStreamIfAny(streamId);
      return '';
    });
    setStopping('');
    if (ok) onStopped(name);
  };
  return (
    <>
      <div role="group" aria-label={d.streamsLabel}>
        <ul className="devices__list">
          {list.streams.map((stream, index) => (
            <li key={stream.streamId} className="devices__item">
              <StreamRow stream={stream} nameId={`${baseId}-${index}`} />
              <div className="devices__actions">
                <button
                  type="button"
                  className="button"
                  aria-describedby={`${baseId}-${index}`}
                  aria-disabled={action.pending}
                  onClick={() => stop(stream.streamId, stream.deviceName)}
                >
                  {stopping === stream.streamId ? d.stopping : d.stopStream}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <FormMessage error={formError(action.error, t.common.actionFailed)} />
    </>
  );
}
