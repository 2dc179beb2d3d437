import { renameDeviceBodySchema } from '@site/contract';
import { t } from '../../i18n/zh-TW';

const d = t.devices;

/** The problem with a device name before it is sent: the contract's own rule and words. */
export function deviceNameProblem(name: string): string | undefined {
  const checked = renameDeviceBodySchema.shape.name.safeParse(name);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

export const deviceTypeName = (type: string): string => d.deviceTypes[type] ?? type;
