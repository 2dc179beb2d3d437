import { sasLogBodySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { activityEntry, userPlatform } from './activity-log';

describe('activity log entries', () => {
  it('reads the deviceId cookie and names the platform', () => {
    const entry = activityEntry(
      'RED_ENVELOPE_OPEN',
      '{"channelId":"ch01"}',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      'csrf=abc; deviceId=AbCdEfGhIjKlMnOpQrStUv',
    );
    expect(entry).toEqual({
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      userPlatform: 'MobileWeb',
      functionCode: 'RED_ENVELOPE_OPEN',
      deviceId: 'AbCdEfGhIjKlMnOpQrStUv',
      appendix: '{"channelId":"ch01"}',
    });
    expect(sasLogBodySchema.safeParse(entry).success).toBe(true);
  });

  it('leaves deviceId out before the server has set it, and cuts long fields', () => {
    const entry = activityEntry('X', 'a'.repeat(3000), 'U'.repeat(900), '');
    expect(entry.deviceId).toBeUndefined();
    expect(entry.appendix).toHaveLength(2000);
    expect(entry.userAgent).toHaveLength(500);
    expect(userPlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/140')).toBe('Web');
    expect(sasLogBodySchema.safeParse(entry).success).toBe(true);
  });
});
