import { describe, expect, it } from 'vitest';
import { chunkCycles } from './chunk-cycles';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('chunkCycles (the build refuses chunks that import each other)', () => {
  it('finds none in a tree of chunks that share a common one', () => {
    expect(chunkCycles(graph({ index: [], 'signed-in': ['index'], AppLayout: ['signed-in', 'index'], dashboard: ['signed-in'] }))).toEqual([]);
  });

  it('finds each loop, two chunks or a longer round, and a chunk importing itself', () => {
    // The shape the fresh-clone CI build had: the signed-in chunk and two lazy roots importing each other.
    const loops = chunkCycles(graph({ index: [], 'signed-in': ['index', 'AppLayout', 'dashboard'], AppLayout: ['signed-in'], dashboard: ['signed-in'], a: ['b'], b: ['c'], c: ['a'], self: ['self'] }));
    expect(loops).toEqual([['AppLayout', 'dashboard', 'signed-in'], ['a', 'b', 'c'], ['self']]);
  });

  it('ignores imports of chunks outside the graph', () => {
    expect(chunkCycles(graph({ a: ['missing'] }))).toEqual([]);
  });
});
