/** Types for `bidi-js` 1.0 (the Unicode Bidirectional Algorithm, UAX #9), which ships none. */
declare module 'bidi-js' {
  export interface EmbeddingLevels {
    /** One level per UTF-16 code unit: even left-to-right, odd right-to-left. */
    levels: Uint8Array;
    paragraphs: { start: number; end: number; level: number }[];
  }
  export interface Bidi {
    getEmbeddingLevels(text: string, baseDirection?: 'ltr' | 'rtl' | 'auto'): EmbeddingLevels;
    /** Logical indices in visual order for `text[start..end]` (end inclusive). */
    getReorderedIndices(text: string, levels: EmbeddingLevels, start?: number, end?: number): number[];
    getMirroredCharacter(char: string): string | null;
  }
  export default function bidiFactory(): Bidi;
}
