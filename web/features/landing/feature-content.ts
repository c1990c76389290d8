/**
 * The features section's three tabs (SPEC.md §2 "Landing page"): a description and five points
 * each. Their words are the 'landing' catalog's (issue 44): `landing.features.<tab>.label`,
 * `.title`, `.description` and `.point1`…`.point5`.
 */
import type { MessageId } from '../../i18n/i18n';

export type FeatureTab = 'death-plan' | 'messages' | 'documents';

/** The tabs in order, Death Plan first (the default). */
export const FEATURES: readonly FeatureTab[] = ['death-plan', 'messages', 'documents'];

/** The ids of `tab`'s five points. */
export const pointIds = (tab: FeatureTab): MessageId[] => ([1, 2, 3, 4, 5] as const).map((n) => `landing.features.${tab}.point${n}` as const);
