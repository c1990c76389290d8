/**
 * recordJson (record-store.ts): a pulled record's JSON spliced from its stored state is exactly the
 * ServerRecord `pull` gives, and a state in any other form than `{"values":…,"clocks":…}` is parsed
 * and written again, never sent as it is.
 */
import { describe, expect, it } from 'vitest';
import { recordJson } from './record-store';

const values = { name: 'Zoë "A" \\ },"clocks":{}}', list: { a: { text: '{', pos: 1 } } };
const clocks = { name: '0001800000000000-0000-aaaaaaaaaaaaaaaa', 'list/a': '0001800000000001-0000-aaaaaaaaaaaaaaaa' };
const expected = { collection: 'trustees', id: 't"1', seq: 42, values, clocks };

describe('recordJson', () => {
  it('splices a stored state into the record it was written from', () => {
    expect(JSON.parse(recordJson('trustees', 't"1', 42, JSON.stringify({ values, clocks })))).toEqual(expected);
  });

  it('a state whose form shows it is not `{"values":…,"clocks":…}` is parsed: the same record, its other keys left out', () => {
    // (A key between values and clocks cannot be seen without parsing: no store writes one, and
    // record-store.contract.ts checks each store's pullJson against its parsed pull.)
    for (const state of [{ clocks, values }, { values, clocks, extra: 'x' }, { extra: { secret: 1 }, values, clocks }]) {
      const parsed = JSON.parse(recordJson('trustees', 't"1', 42, JSON.stringify(state))) as Record<string, unknown>;
      expect(parsed).toEqual(expected);
    }
  });
});
