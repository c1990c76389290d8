/**
 * The build refuses JavaScript chunks that import each other statically, directly or round a
 * longer loop (issue 41's fresh-clone CI: a signed-in start showed "Something went wrong on this
 * page", React error #130, an element type `undefined`, on a loaded machine only). In a loop of
 * chunks, the chunk entered first runs last, and which one is entered first depends on which of
 * two `import()`s (a lazy route, a preload) finished fetching first: a module of the loop then
 * reads a binding of another before that one ran, and gets `undefined`. Such a bug shows only
 * under some timings, so it is refused when it is made, not when a person meets it.
 */
import type { Plugin } from 'vite';

/** Chunk file name → the chunk file names it imports statically. */
export type ChunkGraph = ReadonlyMap<string, readonly string[]>;

/**
 * Every loop of static imports among `graph`'s chunks, each as the chunk names round it (first
 * name not repeated), in a stable order; [] when there is none. Tarjan's strongly connected
 * components: a component of two or more chunks, or one chunk that imports itself, is a loop.
 */
export function chunkCycles(graph: ChunkGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = ''; w !== v; ) {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    }
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) loops.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return loops.sort((a, b) => (a[0]! < b[0]! ? -1 : 1)); // code-point order, as each loop's own sort()
}

/** A Vite plugin that fails the build when its JavaScript chunks import each other in a loop (chunkCycles). */
export function refuseChunkCycles(): Plugin {
  return {
    name: 'afterword-refuse-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const graph = new Map<string, string[]>();
      for (const out of Object.values(bundle)) if (out.type === 'chunk') graph.set(out.fileName, out.imports.filter((i) => bundle[i]?.type === 'chunk'));
      const loops = chunkCycles(graph);
      if (loops.length) this.error(`chunks import each other statically (a module may then read another's export before it ran, as undefined): ${loops.map((l) => l.join(' ↔ ')).join('; ')}`);
    },
  };
}
