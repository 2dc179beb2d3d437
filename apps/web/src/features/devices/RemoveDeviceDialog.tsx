import type { RegisteredDevice } from '@site/contract';
import { removeDevice } from '../../api/devices';
import { Dialog } from '../dialog/Dialog';
import { formError } from '../forms/field-errors';
import { FormMessage } from '../forms/FormMessage';
import { useAction } from '../forms/use-action';
import { t } from '../../i18n/zh-TW';

const d = t.devices;

/** The confirmation before removing a device; the current one logs this browser out. */
export function RemoveDialog({
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
