import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { DeathPlan, LegalDocument, Message, SurvivorTask, Trustee } from '../schema';
import { binderInputOf, buildBinder, type BinderInput } from './index';
import { drawableText } from './text';

const userId = 'user-1';
const at = '2026-11-01T10:00:00.000Z';
const task = (id: string, title: string, timeframe: SurvivorTask['timeframe'], extra: Partial<SurvivorTask> = {}): SurvivorTask => ({
  id, userId, title, description: `Description of ${title}, written with care.`, category: 'immediate', timeframe,
  automationLevel: 'manual-with-guidance', priority: 1, resources: [], automationSteps: [], notifyTrustees: false,
  completionStatus: 'not-started', createdAt: at, ...extra,
});
const plan: DeathPlan = {
  id: userId, userId, funeralType: 'celebration_of_life', location: 'Saint Mary Chapel, Oxford', burialPreference: 'green_burial',
  musicSelections: ['Clair de Lune'], readings: ['Do not stand at my grave and weep'], specialRequests: 'Wear bright colours please',
  obituary: 'Ada loved the sea. '.repeat(400).trim(), completed: false, createdAt: at,
};
const message: Message = {
  id: 'm1', userId, recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', messageType: 'text',
  messageContent: 'SECRET-BODY-never-in-the-binder', deliveryDate: null, file: null, delivered: false, createdAt: at,
};
const trustee: Trustee = { id: 't1', userId, name: 'Charles Babbage', email: 'charles@example.com', phone: '+44 20 7946 0000', relationship: 'Friend', accessLevel: 'full', createdAt: at };
const doc: LegalDocument = { id: 'd1', userId, documentType: 'will', documentName: 'Last will', documentUrl: 'https://vault.example.com/will', file: null, createdAt: at };

const records = {
  profile: [{ firstName: 'Ada', lastName: 'Lovelace', emergencyContact: { name: 'Mary Somerville', phone: '+44 1865 000000' } }],
  deathPlan: [plan],
  survivorTasks: [task('a', 'Call the doctor', '24h'), task('b', 'Tell the employer', '72h'), task('c', 'Close the bank account', '1m', { resources: ['Bank helpline 0800 000'] })],
  documents: [doc],
  messages: [message],
  trustees: [trustee],
};
const input = (over: Partial<BinderInput> = {}): BinderInput => ({ ...binderInputOf(records, new Date(at)), ...over });

async function textOf(pdf: Uint8Array) {
  const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return { pages: text as string[], totalPages, all: (text as string[]).join('\n').replace(/\s+/g, ' ') };
}

describe('family binder (issue #18)', () => {
  it('holds the plan, the first-days tasks first, the contacts, documents and recipients, but no message body', async () => {
    const { pages, all, totalPages } = await textOf(await buildBinder(input()));
    expect(pages[0]).toContain('Ada Lovelace');
    expect(pages[0]).toContain('November 1, 2026');
    // The first page after the cover is "In the first 24 hours", with the 24-hour and 3-day tasks.
    expect(pages[1]).toContain('In the first 24 hours');
    expect(pages[1]).toContain('Call the doctor');
    expect(pages[1]).toContain('Tell the employer');
    expect(pages[1]).not.toContain('Close the bank account');
    expect(pages[1]).toContain('Mary Somerville');
    expect(pages[1]).toContain('+44 1865 000000');
    expect(pages[1]).toContain('Charles Babbage');
    expect(pages[1]).toContain('+44 20 7946 0000');
    expect(pages[1]).toContain('charles@example.com');
    for (const s of ['Celebration of Life', 'Saint Mary Chapel, Oxford', 'Green Burial', 'Clair de Lune', 'Do not stand at my grave and weep', 'Wear bright colours please', 'Ada loved the sea.']) {
      expect(all).toContain(s);
    }
    expect(all).toContain('Close the bank account');
    expect(all).toContain('Bank helpline 0800 000');
    expect(all).toContain('Last will');
    expect(all).toContain('https://vault.example.com/will');
    expect(all).toContain('Grace Hopper');
    expect(all).toContain('Pending');
    expect(all).not.toContain('SECRET-BODY');
    // Page numbers on every page; the long obituary flowed over more than one page.
    expect(totalPages).toBeGreaterThan(6);
    pages.forEach((p, i) => expect(p.replace(/\s+/g, ' ')).toContain(`page ${i + 1} of ${totalPages}`));
  });

  it('never crashes on text outside WinAnsi: Polish letters keep their base letter, emoji and CJK become "?"', async () => {
    const pdf = await buildBinder(
      input({
        profile: { firstName: 'Zażółć', lastName: 'Gęślą Jaźń 🌷', emergencyContact: null },
        plan: { ...plan, location: '東京 cemetery', specialRequests: 'Łódź 👨‍👩‍👧 ok\ttab' },
      }),
    );
    const { all } = await textOf(pdf);
    expect(all).toContain('Zazólc Gesla Jazn ?');
    expect(all).toContain('?? cemetery');
    expect(all).toContain('Lódz ??? ok');
  });

  it('drawableText keeps what the font has and marks what it lacks', () => {
    const latin1 = new Set(Array.from({ length: 256 }, (_, i) => i));
    expect(drawableText('Ana ł ß 😀 中', latin1)).toBe('Ana l ß ? ?');
    expect(drawableText('a\u200Db\uFE0Fc', latin1)).toBe('abc');
  });
});
