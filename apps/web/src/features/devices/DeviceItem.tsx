import { useEffect, useId, useRef, useState } from 'react';
import type { RegisteredDevice } from '@site/contract';
import { formatDateTime } from '../catalogue/format';
import { t } from '../../i18n/zh-TW';
import { deviceTypeName } from './device-name';
import { RenameForm } from './RenameForm';

const d = t.devices;

/** One registered device: its name, type, times and badges, with rename and remove. */
export function DeviceItem({
  device,
  onRenamed,
  onRemove,
}: {
  device: RegisteredDevice;
  onRenamed: (name: string) => void;
  onRemove: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const nameId = useId();
  // The form closed (saved or cancelled): focus goes back to 重新命名, which is in its place again.
  useEffect(() => {
    if (renaming || !refocus.current) return;
    refocus.current = false;
    renameButton.current?.focus();
  }, [renaming]);
  return (
    <li className="devices__item">
      <div className="devices__what">
        <p className="devices__name">
          <span id={nameId}>{device.name}</span>
          {device.current === 'Y' ? <span className="devices__badge">{d.thisDevice}</span> : null}
          {device.playing === 'Y' ? (
            <span className="devices__badge devices__badge--playing">{d.playing}</span>
          ) : null}
        </p>
        <dl className="devices__facts">
          <div>
            <dt>{d.type}</dt>
            <dd>{deviceTypeName(device.deviceType)}</dd>
          </div>
          <div>
            <dt>{d.registeredAt}</dt>
            <dd>{formatDateTime(device.registeredAt)}</dd>
          </div>
          <div>
            <dt>{d.lastSeenAt}</dt>
            <dd>{formatDateTime(device.lastSeenAt)}</dd>
          </div>
        </dl>
      </div>
      {renaming ? (
        <RenameForm
          device={device}
          onDone={(name) => {
            refocus.current = true;
            setRenaming(false);
            if (name) onRenamed(name);
          }}
        />
      ) : (
        <div className="devices__actions">
          <button
            ref={renameButton}
            type="button"
            className="button"
            aria-describedby={nameId}
            onClick={() => setRenaming(true)}
          >
            {d.rename}
          </button>
          <button type="button" className="button" aria-describedby={nameId} onClick={onRemove}>
            {d.remove}
          </button>
        </div>
      )}
    </li>
  );
}
