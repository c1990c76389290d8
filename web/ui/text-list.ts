/** Pure edits of a list of short texts (SPEC.md §5: text trimmed, blank ignored, removed by index). */

/** `items` plus `text` trimmed; the same list when `text` is blank. */
export function addItem(items: readonly string[], text: string): string[] {
  const item = text.trim();
  return item ? [...items, item] : [...items];
}

/** `items` without the item at `index`. */
export function removeItemAt(items: readonly string[], index: number): string[] {
  return items.filter((_, i) => i !== index);
}
