/**
 * Typeahead on a closed select (web/ui/Select.tsx's stand-in), by Radix Select's rule, so a letter
 * typed before Radix's code has arrived picks what it would have picked.
 */
import type { SelectOption } from './select-parts';

/** Letters typed within this long (ms) of each other search together, as in Radix Select. */
export const TYPEAHEAD_MS = 1000;

/**
 * The option a typeahead `search` picks from `current` (Radix Select's rule on a closed trigger):
 * the first enabled option, from the current one on and wrapping, whose label starts with the
 * search (case-insensitive); a single letter, or one letter repeated, moves past the current
 * option to the next that starts with it. Undefined when none matches or the match is current.
 */
export function typeaheadMatch(options: readonly SelectOption[], current: string | undefined, search: string): SelectOption | undefined {
  const enabled = options.filter((o) => !o.disabled);
  const repeated = search.length > 1 && [...search].every((c) => c === search[0]);
  const wanted = (repeated ? search[0]! : search).toLocaleLowerCase();
  const at = Math.max(enabled.findIndex((o) => o.value === current), 0);
  let order = [...enabled.slice(at), ...enabled.slice(0, at)];
  if (wanted.length === 1) order = order.filter((o) => o.value !== current);
  const next = order.find((o) => o.label.toLocaleLowerCase().startsWith(wanted));
  return next && next.value !== current ? next : undefined;
}
