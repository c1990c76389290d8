import { describe, expect, it } from 'vitest';
import type { LegalDocument } from '../../../shared/schema';
import { createShareFollower } from './share-follow';

const doc = (id: string, originalLocation: string): LegalDocument => ({
  id,
  userId: 'u1',
  documentType: 'will',
  documentName: 'Will',
  documentUrl: 'https://files.example.com/will.pdf',
  originalLocation,
  file: null,
  fileBlobId: null,
  createdAt: '2026-11-21T12:00:00.000Z',
  shares: [],
});

describe('share follower: which shared documents are sealed again', () => {
  it('sends nothing at first sight, refreshes a document whose shared words changed, and not one that did not', async () => {
    const sent: string[] = [];
    const f = createShareFollower(async (d) => (sent.push(`${d.id}:${d.originalLocation}`), { refused: [] }));
    expect(f.update([doc('d1', 'desk'), doc('d2', 'bank')])).toBe(false);
    expect(f.update([doc('d1', 'desk'), { ...doc('d2', 'bank'), createdAt: '2027-01-01T00:00:00.000Z' }])).toBe(false); // not a shared field
    expect(f.update([doc('d1', 'safe'), doc('d2', 'bank')])).toBe(true);
    expect(await f.run()).toEqual([]);
    expect(sent).toEqual(['d1:safe']);
    expect(await f.run()).toEqual([]);
    expect(sent).toEqual(['d1:safe']); // done: not sent again
  });

  it('keeps a refresh that failed (offline) and sends it at the next run; reports shares refused', async () => {
    let online = false;
    const sent: string[] = [];
    const f = createShareFollower(async (d) => {
      if (!online) throw new TypeError('Failed to fetch');
      sent.push(d.originalLocation!);
      return { refused: ['s-swapped'] };
    });
    f.update([doc('d1', 'desk')]);
    f.update([doc('d1', 'safe')]);
    expect(await f.run()).toEqual([]);
    expect(sent).toEqual([]);
    online = true;
    expect(await f.run()).toEqual(['s-swapped']);
    expect(sent).toEqual(['safe']);
  });
});
