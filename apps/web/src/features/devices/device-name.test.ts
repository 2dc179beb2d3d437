import { describe, expect, it } from 'vitest';
import { deviceNameProblem, deviceTypeName } from './device-name';

describe('deviceNameProblem', () => {
  it('takes 1 to 30 characters after trimming', () => {
    expect(deviceNameProblem('客廳電腦')).toBeUndefined();
    expect(deviceNameProblem('  ')).toBe('請輸入裝置名稱。');
    expect(deviceNameProblem('字'.repeat(30))).toBeUndefined();
    expect(deviceNameProblem('字'.repeat(31))).toBe('裝置名稱最多 30 個字。');
  });
});

describe('deviceTypeName', () => {
  it('names the known device types in zh-TW, others as they come', () => {
    expect(deviceTypeName('PC')).toBe('電腦瀏覽器');
    expect(deviceTypeName('SmartTV')).toBe('SmartTV');
  });
});
