import { describe, expect, it } from 'vitest';
import { t } from '../i18n/i18n';
import { MAIN_NAV } from './nav-links';

describe('the sidebar', () => {
  it('names each screen as the screen is titled (one name per screen)', () => {
    expect(MAIN_NAV.map((l) => [l.to, t(l.label)])).toEqual([
      ['/dashboard', 'Dashboard'],
      ['/death-plan', 'My After-Death Plan'],
      ['/message-vault', 'Message Vault'],
      ['/documents', 'Legal Documents'],
      ['/trustees', 'Trustees'],
      ['/survivor-tasks', 'Survivor Tasks'],
    ]);
  });
});
