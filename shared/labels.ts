/**
 * Display labels and business constants, word for word from SPEC.md §3 "Labels" and §9.
 */
import type { AccessLevel, BudgetLevel, CompletionStatus, DocumentType, MusicGenre, TaskCategory, Timeframe, ValueId } from './schema';
import type { AutomationType } from './schema/ai';

export { PRODUCT_NAME, REDIRECT_AFTER_AUTH_MS, TOAST_DURATION_MS, TOAST_LIMIT } from './product';

/** SPEC.md §9. */
export const MOBILE_BREAKPOINT_PX = 768;
export const WIZARD_STEPS = 4;
export const WIZARD_COMPLETION = [25, 50, 75, 100] as const;
export const PLAN_COMPLETION_ITEMS = 7;
export const DEFAULT_BUDGET: BudgetLevel = 'moderate';
export const DEFAULT_PRIORITY = 3;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** The protected paths of SPEC.md §2 "Session behaviour". */
export const PROTECTED_PATHS = [
  '/dashboard',
  '/death-plan',
  '/message-vault',
  '/documents',
  '/trustees',
  '/profile',
  '/survivor-tasks',
] as const;

/** SPEC.md §3 "Selectable values": titles, plus our one-line descriptions (SPEC says "text not shown"). */
export const VALUE_OPTIONS: Record<ValueId, { title: string; description: string }> = {
  family: { title: 'Family & Relationships', description: 'The people you love and the bonds you share.' },
  spirituality: { title: 'Spirituality & Faith', description: 'Belief, ritual and what gives life meaning.' },
  nature: { title: 'Nature & Environment', description: 'The natural world and leaving it well.' },
  creativity: { title: 'Creativity & Expression', description: 'Art, music, words and making things.' },
  achievement: { title: 'Achievement & Growth', description: 'Work, learning and what you built.' },
  legacy: { title: 'Legacy & Influence', description: 'What you pass on and who you shaped.' },
};

export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  '24h': 'Within 24 hours',
  '72h': 'Within 3 days',
  '1w': 'Within 1 week',
  '2w': 'Within 2 weeks',
  '1m': 'Within 1 month',
  '3m': 'Within 3 months',
};
export const TIMEFRAME_OPTIONS: Record<Timeframe, string> = {
  '24h': '24 hours',
  '72h': '72 hours',
  '1w': '1 week',
  '2w': '2 weeks',
  '1m': '1 month',
  '3m': '3 months',
};
export const PRIORITY_OPTIONS: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: 'Highest',
  2: 'High',
  3: 'Medium',
  4: 'Low',
  5: 'Lowest',
};
export const AUTOMATION_LEVEL_LABELS = {
  'fully-automated': 'Fully Automated',
  'semi-automated': 'Semi-Automated',
  'manual-with-guidance': 'Manual with Guidance',
} as const;
export const ACCESS_LEVEL_LABELS: Record<AccessLevel, string> = {
  full: 'Full Access',
  'documents-only': 'Documents Only',
  'messages-only': 'Messages Only',
};
/** SPEC.md §9 access-level badge colours. */
export const ACCESS_LEVEL_COLORS: Record<AccessLevel, 'green' | 'blue' | 'purple'> = {
  full: 'green',
  'documents-only': 'blue',
  'messages-only': 'purple',
};
/** SPEC.md §9 priority badge colours. */
export const PRIORITY_COLORS: Record<1 | 2 | 3 | 4 | 5, 'red' | 'orange' | 'yellow' | 'blue' | 'green'> = {
  1: 'red',
  2: 'orange',
  3: 'yellow',
  4: 'blue',
  5: 'green',
};
export const COMPLETION_STATUS_LABELS: Record<CompletionStatus, string> = {
  'not-started': 'Not Started',
  'in-progress': 'In Progress',
  completed: 'Completed',
};
export const TASK_CATEGORY_LABELS: Record<TaskCategory, string> = {
  immediate: 'Immediate',
  financial: 'Financial',
  legal: 'Legal',
  memorial: 'Memorial',
  digital: 'Digital',
  emotional: 'Emotional',
  other: 'Other',
};
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  will: 'Will & Testament',
  insurance: 'Insurance',
  financial: 'Financial',
  'power-of-attorney': 'Power of Attorney',
  'advance-directive': 'Advance Directive',
  property: 'Property',
  pension: 'Pension',
  other: 'Other',
};
/**
 * The label of a document's `originalLocation` (where the signed paper is kept), wherever it is
 * shown: the upload form, a trustee's page and the family binder (issue 38, item 6). SPEC.md has
 * no such field (§3 "Document"), so the words are the form's own.
 */
export const ORIGINAL_LOCATION_LABEL = 'Where the original is kept';
export const BUDGET_LABELS: Record<BudgetLevel, string> = {
  budget: 'Budget-Friendly',
  moderate: 'Moderate',
  premium: 'Premium',
  luxury: 'Luxury',
};
export const FUNERAL_TYPE_LABELS = {
  traditional_funeral: 'Traditional Funeral',
  memorial_service: 'Memorial Service',
  celebration_of_life: 'Celebration of Life',
  private_family_only: 'Private, Family Only',
  no_service: 'No Service',
} as const;
export const BURIAL_PREFERENCE_LABELS = {
  traditional_burial: 'Traditional Burial',
  cremation: 'Cremation',
  green_burial: 'Green Burial',
  donation_to_science: 'Donation to Science',
  aquamation: 'Aquamation',
} as const;
/** The kinds of music offered for "Suggest music" (shared/schema/death-plan.ts MUSIC_GENRES), in that order. */
export const MUSIC_GENRE_LABELS: Record<MusicGenre, string> = {
  classical: 'Classical',
  folk: 'Folk',
  pop: 'Pop',
  jazz: 'Jazz',
  gospel: 'Hymns and gospel',
  rock: 'Rock',
  country: 'Country',
  soul: 'Soul',
  ambient: 'Quiet instrumental',
};
/** Generator kind names (SPEC.md §2 "Generator control"). */
export const AUTOMATION_KIND_NAMES: Record<AutomationType, string> = {
  notification: 'notification template',
  script: 'phone call script',
  email: 'email template',
  checklist: 'checklist',
};
export const DEFAULT_AUTOMATION_KIND_NAME = 'automation content';
/** The 'Generate Automation Content' dialog's types (SPEC.md §2 "Survivor Tasks"). */
export const AUTOMATION_TYPE_OPTIONS: Record<AutomationType, { title: string; description: string }> = {
  notification: { title: 'Notification Template', description: 'For informing others' },
  script: { title: 'Call Script', description: 'For phone conversations' },
  email: { title: 'Email Template', description: 'For written correspondence' },
  checklist: { title: 'Step-by-Step Checklist', description: 'For complex procedures' },
};

/** Dates display in en-US long format (SPEC.md §9): the one date module, shared/dates.ts. */
export { formatLongDate, formatLongDateTime } from './dates';
