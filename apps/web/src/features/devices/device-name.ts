import { DEVICE_NAME_MAX_LENGTH } from '@site/contract';
import { t } from '../../i18n/zh-TW';

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
