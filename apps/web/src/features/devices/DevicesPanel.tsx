import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEVICE_NAME_MAX_LENGTH, pageRoutes, type RegisteredDevice } from '@site/contract';
import {
  deviceListKey,
  removeDevice,
  renameDevice,
  useDeviceList,
  type DeviceList,
} from '../../api/devices';
import { refreshSession, useLoginInfo } from '../../api/session';
import { paths } from '../../routing/paths';
import { Dialog } from '../dialog/Dialog';
import { formatDateTime } from '../catalogue/format';
import { formError } from '../forms/field-errors';
import { FormMessage } from '../forms/FormMessage';
import { SubmitButton } from '../forms/SubmitButton';
import { TextField } from '../forms/TextField';
import { useAction } from '../forms/use-action';
import { useForm } from '../forms/use-form';
import { LoadError } from '../load-error/LoadError';
import { t } from '../../i18n/zh-TW';
import { StreamRow, stopStreamIfAny } from './StreamLimit';
import './devices.css';

const d = t.devices;

/** The problem with a device name before it is sent (the contract's rule: 1–30 characters). */
export function deviceNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return '請輸入裝置名稱。';
  if (trimmed.length > DEVICE_NAME_MAX_LENGTH)
    return `裝置名稱最多 ${DEVICE_NAME_MAX_LENGTH} 個字。`;
  return undefined;
}

export const deviceTypeName = (type: string): string => d.deviceTypes[type] ?? type;

/** The inline rename form of one device; focus comes in on opening and goes back on closing. */
function RenameForm({
  device,
  onDone,
}: {
  device: RegisteredDevice;
  /** With the new name after a success, or undefined when cancelled. */
  onDone: (name: string | undefined) => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.querySelector('input')?.select();
  }, []);
  const form = useForm({
    fields: ['name'],
    check: (values) => ({ name: deviceNameProblem(values.name) }),
    send: async (values) => {
      await renameDevice(device.deviceKey, values.name.trim());
      return '';
    },
    onDone: (succeeded) => {
      if (succeeded) {
        const input = ref.current?.querySelector('input');
        onDone(input?.value.trim() ?? '');
      }
    },
  });
  return (
    <form
      ref={ref}
      className="form devices__rename"
      onSubmit={form.onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onDone(undefined);
        }
      }}
    >
      <TextField
        label={d.nameLabel}
        name="name"
        defaultValue={device.name}
        maxLength={DEVICE_NAME_MAX_LENGTH}
        hint={d.nameHint}
        required
        error={form.errors.name}
      />
      <FormMessage error={form.message} />
      <div className="devices__actions">
        <SubmitButton pending={form.pending} label={d.save} pendingLabel={d.saving} />
        <button type="button" className="button" onClick={() => onDone(undefined)}>
          {t.common.cancel}
        </button>
      </div>
    </form>
  );
}

/** The confirmation before removing a device; the current one logs this browser out. */
function RemoveDialog({
  device,
  onClose,
  onRemoved,
}: {
  device: RegisteredDevice;
  onClose: () => void;
  onRemoved: () => Promise<void>;
}) {
  const action = useAction();
  const confirm = async () => {
    if (action.pending) return;
    await action.perform(async () => {
      await removeDevice(device.deviceKey);
      await onRemoved();
      return '';
    });
  };
  return (
    <Dialog
      title={d.removeTitle(device.name)}
      description={
        <>
          <p>{d.removeHint}</p>
          {device.current === 'Y' ? <p>{d.removeCurrentHint}</p> : null}
        </>
      }
      onClose={onClose}
    >
      <div className="form">
        <FormMessage error={formError(action.error, t.common.actionFailed)} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose} data-autofocus>
            {t.common.cancel}
          </button>
          <button
            type="button"
            className="button button--danger"
            aria-disabled={action.pending}
            onClick={confirm}
          >
            {action.pending ? d.removing : d.remove}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function DeviceItem({
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

function Streams({ list, onStopped }: { list: DeviceList; onStopped: (name: string) => void }) {
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

/**
 * 裝置管理 (issue 23 items 3 and 4): the account's registered devices (name, type, registered and
 * last used, 這部裝置, 播放中) with rename and remove, the limits, and the streams playing now
 * with 「停止該裝置播放」. Removing this browser's own device logs it out (to the login page).
 * The page around it gives the heading and refuses kid sessions.
 */
export function DevicesPanel() {
  const info = useLoginInfo().data;
  const list = useDeviceList(info);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<RegisteredDevice | undefined>();
  const [done, setDone] = useState('');

  const reload = () =>
    info ? queryClient.invalidateQueries({ queryKey: deviceListKey(info) }) : Promise.resolve();

  if (list.isError) return <LoadError error={list.error} onRetry={() => list.refetch()} />;
  if (!list.data) return <p role="status">{t.common.loading}</p>;
  const data = list.data;

  const onRemoved = async (device: RegisteredDevice) => {
    if (device.current === 'Y') {
      await refreshSession(queryClient);
      navigate(paths.login(pageRoutes.accountCentre));
      return;
    }
    setRemoving(undefined);
    setDone(d.removed(device.name));
    await reload();
  };

  return (
    <div className="devices">
      <p className="page__intro">{d.intro}</p>
      <p className="devices__limits">
        <span>{d.deviceCount(data.devices.length, data.maxDevices)}</span>
        <span>{d.streamLimit(data.maxStreams)}</span>
      </p>
      <div role="group" aria-label={d.listLabel}>
        <ul className="devices__list">
          {data.devices.map((device) => (
            <DeviceItem
              key={device.deviceKey}
              device={device}
              onRenamed={(name) => {
                setDone(d.renamed(name));
                void reload();
              }}
              onRemove={() => {
                setDone('');
                setRemoving(device);
              }}
            />
          ))}
        </ul>
      </div>
      <FormMessage success={done} />
      <h3>{d.streamsHeading}</h3>
      <Streams
        list={data}
        onStopped={(name) => {
          setDone(d.stopped(name));
          void reload();
        }}
      />
      {removing ? (
        <RemoveDialog
          device={removing}
          onClose={() => setRemoving(undefined)}
          onRemoved={() => onRemoved(removing)}
        />
      ) : null}
    </div>
  );
}
