import { useEffect, useRef } from 'react';
import { DEVICE_NAME_MAX_LENGTH, type RegisteredDevice } from '@site/contract';
import { renameDevice } from '../../api/devices';
import { FormMessage } from '../forms/FormMessage';
import { SubmitButton } from '../forms/SubmitButton';
import { TextField } from '../forms/TextField';
import { useForm } from '../forms/use-form';
import { t } from '../../i18n/zh-TW';
import { deviceNameProblem } from './device-name';

const d = t.devices;

/** The inline rename form of one device; focus comes in on opening and goes back on closing. */
export function RenameForm({
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
