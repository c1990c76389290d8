/**
 * A trustee's page's words (issue 44; trustee-words.ts, task-list.ts, words.ts): in English the
 * catalog says exactly what shared/delivery-rule.ts's English line says for every delivery state
 * (the binder prints that line), and in the trustee's language the states, the tasks' groups and
 * who marked a task done are that language's, names and addresses put in as written.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deliveryStateLine, type HandoverBy, type TrusteeMessageFacts } from '../../shared/delivery-rule';
import type { PageTask } from '../../shared/release/pages';
import { dateText } from './dom';
import { doneByText, tasksByWhen } from './task-list';
import { stateText } from './trustee-words';
import { labelOf, showInLanguage } from './words';
import { kitOnlyText, NO_KITS_TEXT, NO_OWN_KIT_TEXT } from './open';

afterEach(async () => {
  await showInLanguage('en');
});

const NOW = Date.parse('2026-12-29T12:00:00Z');
const alan: HandoverBy = { trusteeId: 'a', you: false, name: 'Alan Turing' };
const unnamed: HandoverBy = { trusteeId: 'c', you: false, name: null };
const me: HandoverBy = { trusteeId: 'm', you: true, name: 'Me' };
const later = '2027-01-01T00:00:00.000Z';
/** One message in each state the trustee's page can say (delivery-rule.ts DeliveryStatePart). */
const EVERY_STATE: TrusteeMessageFacts[] = [
  { deliveryDate: later, delivered: false },
  { deliveryDate: null, delivered: false, problem: 'address' },
  { deliveryDate: null, delivered: false, problem: 'failed' },
  { deliveryDate: null, delivered: false },
  { deliveryDate: null, delivered: true },
  { deliveryDate: null, delivered: true, deliveredAt: '2026-12-29T10:00:00.000Z' },
  { deliveryDate: null, delivered: true, openedAt: '2026-12-30T08:00:00.000Z' },
  { deliveryDate: null, delivered: true, deliveredAt: '2026-12-29T10:00:00.000Z', openedAt: '2026-12-30T08:00:00.000Z' },
  { deliveryDate: null, delivered: false, handover: [alan], openedAt: '2026-12-30T08:00:00.000Z' },
  { deliveryDate: null, delivered: false, handover: [] },
  { deliveryDate: later, delivered: false, handover: [me] },
  { deliveryDate: later, delivered: false, handover: [unnamed] },
  { deliveryDate: null, delivered: false, handover: [me, alan] },
  { deliveryDate: null, delivered: false, handover: [alan, me] },
  { deliveryDate: null, delivered: false, handover: [alan] },
  { deliveryDate: null, delivered: false, handover: [alan, unnamed] },
];

describe("a trustee's page's words", () => {
  it("in English say every delivery state word for word as the binder's line (delivery-rule.ts)", () => {
    for (const m of EVERY_STATE) expect(stateText(m, NOW)).toBe(deliveryStateLine(m, NOW, (d) => dateText(d)));
    expect(new Set(EVERY_STATE.map((m) => stateText(m, NOW).replace(/\d/g, ''))).size).toBe(EVERY_STATE.length);
  });

  it("in French and Arabic say the states, the tasks' groups and who marked a task done in that language", async () => {
    await showInLanguage('fr');
    expect(stateText({ deliveryDate: null, delivered: true, deliveredAt: '2026-12-29T10:00:00.000Z' }, NOW)).toBe('envoyé le 29 décembre 2026');
    expect(stateText({ deliveryDate: null, delivered: false, handover: [alan, unnamed] }, NOW)).toBe(
      'à remettre par Alan Turing (ou une personne de confiance, en renfort) depuis sa propre adresse e-mail\u00a0; pas encore ouvert',
    );
    const task = (id: string, timeframe: string) => ({ id, timeframe, priority: 1, title: id }) as unknown as PageTask;
    expect(tasksByWhen([task('a', '72h'), task('b', '??')]).map((g) => g.label)).toEqual(['Sous 3 jours', 'Quand vous le pourrez']);
    const marks = [
      { taskId: 'a', trusteeId: 'm', at: '2026-11-27T05:12:00.000Z', mine: true, name: null },
      { taskId: 'a', trusteeId: 'g', at: '2026-11-28T05:12:00.000Z', mine: false, name: 'Grace {x}' },
      { taskId: 'a', trusteeId: 'h', at: '2026-11-29T05:12:00.000Z', mine: false, name: null },
    ];
    expect(doneByText(marks, 'UTC')).toMatch(/^Faite par vous le 27 novembre 2026 .*, et par Grace \{x\} le 28 novembre 2026 .*, et par une autre personne de confiance le 29 novembre 2026/);
    await showInLanguage('ar');
    expect(labelOf('documentType', 'will')).toBe('الوصية');
    expect(stateText({ deliveryDate: null, delivered: false }, NOW)).toBe('قيد الإرسال');
    expect(labelOf('documentType', '(could not be opened)')).toBeUndefined();
  });

  it("say why a sealed account's page opens nothing in English word for word as before, and in the trustee's language", async () => {
    // The words the page said before (with shared/release/without-kits.ts whySealedStaysShut's reason, session 25).
    const why = { yes: 'but fewer trustees kept their kits than were needed', no: 'but no trustee kits were made' };
    for (const made of [true, false]) {
      expect(NO_KITS_TEXT('Ada', made)).toBe(
        `What Ada sealed for trustees (the plan, documents and tasks) cannot be opened here. It was sealed on Ada’s own devices so that only trustees holding trustee kits could open it, ${why[made ? 'yes' : 'no']}, so neither you nor Afterword can open it. The messages Ada wrote to people are still sent to them by e-mail. If Ada left a recovery kit (a printed page with a recovery code) with the family papers, it opens the account together with its e-mail address: choose “Forgot password?” on Afterword’s sign-in page. A device still signed in to the account opens it too.`,
      );
    }
    expect(NO_OWN_KIT_TEXT('Ada')).toBe(
      'This page cannot open what Ada left: it opens only with a trustee kit, and Ada did not give you one (perhaps you were named after the kits were made). A trustee who holds a kit with full access can open it with theirs and share with you what you need. The messages Ada wrote to people still reach them.',
    );
    expect(kitOnlyText()).toMatch(/^What was left for you opens only with your trustee kit\./);
    await showInLanguage('de');
    expect(NO_KITS_TEXT('Ada', false)).toContain('aber es wurden keine Kits der Vertrauenspersonen erstellt');
    expect(NO_OWN_KIT_TEXT('Ada')).toMatch(/^Diese Seite kann nicht öffnen, was Ada hinterlassen hat/);
    expect(kitOnlyText()).toMatch(/^Was Ihnen hinterlassen wurde/);
  });
});
