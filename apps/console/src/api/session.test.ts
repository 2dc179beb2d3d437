import { STAFF_ROLES } from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import { landingSection, mayUse } from './session';

describe('the section the console opens on', () => {
  it('is each role’s own work, and one the role may use', () => {
    for (const role of STAFF_ROLES) {
      const section = landingSection([role]);
      expect(section, role).toBeDefined();
      expect(mayUse(section!, [role]), role).toBe(true);
    }
    expect(landingSection(['customer_care'])).toBe('care');
    expect(landingSection(['finance'])).toBe('reports');
    expect(landingSection(['auditor'])).toBe('audit');
    expect(landingSection(['channel_scheduler'])).toBe('schedule');
  });

  it('follows the first listed role a member has, and is none without roles', () => {
    expect(landingSection(['auditor', 'customer_care'])).toBe('care');
    expect(landingSection(['finance', 'admin'])).toBe('titles');
    expect(landingSection([])).toBeUndefined();
  });
});
