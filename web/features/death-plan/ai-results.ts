/**
 * Where the plan's AI results go (issue 38, item 4: "Suggest music" replaced the person's list and
 * "Generate obituary" replaced an obituary they had typed; SPEC.md §4's "replaces the current form
 * value" is kept only where there is nothing of theirs to replace). Pure: PlanEditor applies them.
 */
import { LIMITS } from '../../../shared/schema/common';
import { keepTickedGenres, mergeSuggestions } from '../../../shared/ai/music';

/**
 * The person's music list `own` with `suggested` added after it: only pieces of the kinds of music
 * ticked (`genres`; a model's answer outside them is dropped where the curated lists can tell), none
 * whose title is already there, within the plan's list limits. Returns the list and what was added.
 */
export function addSuggestedMusic(own: readonly string[], suggested: readonly string[], genres: readonly string[]) {
  return mergeSuggestions(own, keepTickedGenres(suggested, genres), LIMITS.listItems, LIMITS.listItem);
}

/**
 * Undo of Suggest music: `current` without the items `added` (one each, as they were added), so
 * what the person kept or added since stays.
 */
export function undoAddedMusic(current: readonly string[], added: readonly string[]): string[] {
  const left = [...added];
  return current.filter((item) => {
    const i = left.indexOf(item);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

/** What to do with a generated obituary: fill an empty field, offer a draft beside the person's own words, or nothing new. */
export type ObituaryPlacement = { kind: 'fill' } | { kind: 'draft'; draft: string } | { kind: 'same' };

/** Where `generated` goes given the field's `current` text: an empty field is filled, one holding text keeps it. */
export function placeObituary(current: string, generated: string): ObituaryPlacement {
  if (current.trim() === '') return { kind: 'fill' };
  if (current.trim() === generated.trim()) return { kind: 'same' };
  return { kind: 'draft', draft: generated };
}

/**
 * Undo of an obituary the helper wrote (`written`) into the field: `before` while the field still
 * holds exactly that; null once the person has changed it (their changes are not thrown away).
 */
export function undoFilledObituary(current: string, written: string, before: string): string | null {
  return current === written ? before : null;
}
