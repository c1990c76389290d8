/**
 * A value that did not open (a trustee's page leaves it '' or out: web/release/open.ts) or that a
 * newer app wrote (a kind this code does not know) never stops the binder being made (issue 44's
 * binder words took a label's id from the record's value and threw on one it did not know: a
 * trustee could not download the binder when one envelope was damaged). Such a label prints "Not
 * given"; everything else prints as usual.
 */
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../web/features/trustees/kits/kit-pdf-reader';
import { kitFonts as fonts } from '../../web/features/trustees/kits/kit-pdf-reader';
import { buildBinder, type BinderInput } from './index';

const at = '2026-11-01T10:00:00.000Z';
const damaged = {
  profile: { firstName: 'Ada', lastName: 'Lovelace', emergencyContact: null },
  plan: { funeralType: 'sea-burial', burialPreference: '', location: null, musicSelections: [], readings: [], specialRequests: null, obituary: null } as unknown as BinderInput['plan'],
  tasks: [{ id: 't', userId: 'u', title: 'Call the bank', description: 'Ask for the forms.', category: '', timeframe: '24h', automationLevel: 'manual-with-guidance', priority: 7, resources: [], automationSteps: [], notifyTrustees: false, completionStatus: '', createdAt: at }],
  documents: [{ id: 'd', userId: 'u', documentType: '', documentName: 'Will', documentUrl: null, originalLocation: null, file: null, createdAt: at }],
  messages: [],
  trustees: [{ id: 'r', userId: 'u', name: 'Grace Hopper', email: 'grace@example.com', accessLevel: '', phone: null, relationship: null, createdAt: at }],
  madeAt: new Date(at),
  afterRelease: true,
} as unknown as BinderInput;

describe('a binder with values that did not open', () => {
  it('is made, each unknown label printed as "Not given"', async () => {
    const { text } = await pdfText(await buildBinder(damaged, fonts));
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('Call the bank');
    expect(text).toContain('Will');
    expect(text).toContain('Not given');
    expect(text).not.toContain('undefined');
  });
});
