/**
 * The dashboard's four 'Suggested for You' progress cards (SPEC.md §2 "Dashboard", §3 "Progress
 * card", §4 "Card status"): their text, checklist, link and status, derived from what the person
 * has stored. Pure: the screen passes what its live queries found.
 */
import type { CompletionStatus } from './schema';

export type ProgressCardType = 'death-plan' | 'message-vault' | 'documents' | 'survivor-tasks';

export interface ProgressCardItem {
  label: string;
  completed: boolean;
}

/** SPEC.md §3 "Progress card": type, title, description, status, items, href. */
export interface ProgressCard {
  type: ProgressCardType;
  title: string;
  description: string;
  status: CompletionStatus;
  items: ProgressCardItem[];
  href: string;
}

/** What the dashboard knows about the person's data (counts of live records). */
export interface DashboardData {
  hasDeathPlan: boolean;
  messageCount: number;
  documentCount: number;
  survivorTaskCount: number;
}

/**
 * SPEC.md §2: 'in-progress' when data exists (a death plan exists, or the list is non-empty),
 * otherwise 'not-started'. 'completed' is a valid status but is never derived.
 */
export function cardStatus(type: ProgressCardType, data: DashboardData): CompletionStatus {
  const hasData = {
    'death-plan': data.hasDeathPlan,
    'message-vault': data.messageCount > 0,
    documents: data.documentCount > 0,
    'survivor-tasks': data.survivorTaskCount > 0,
  }[type];
  return hasData ? 'in-progress' : 'not-started';
}

/** SPEC.md §2: the card's button reads 'Start Now' when not started and 'Continue Plan' otherwise. */
export function cardButtonLabel(status: CompletionStatus): 'Start Now' | 'Continue Plan' {
  return status === 'not-started' ? 'Start Now' : 'Continue Plan';
}

const CARD_CONTENT: Omit<ProgressCard, 'status'>[] = [
  {
    type: 'death-plan',
    title: 'After-Death Plan',
    description: 'Record your funeral, burial and memorial wishes so no one has to guess.',
    // SPEC.md §2: only 'Basic information' on the death plan card is marked complete.
    items: [
      { label: 'Basic information', completed: true },
      { label: 'Funeral and burial preferences', completed: false },
      { label: 'Music and readings', completed: false },
    ],
    href: '/death-plan',
  },
  {
    type: 'message-vault',
    title: 'Message Vault',
    description: 'Leave words for the people you love, delivered when the time comes.',
    items: [
      { label: 'Choose your recipients', completed: false },
      { label: 'Write your first message', completed: false },
      { label: 'Set a delivery date', completed: false },
    ],
    href: '/message-vault',
  },
  {
    type: 'documents',
    title: 'Legal Documents',
    description: 'Keep your will, insurance and financial papers where they can be found.',
    items: [
      { label: 'Will and testament', completed: false },
      { label: 'Insurance policies', completed: false },
      { label: 'Financial accounts', completed: false },
    ],
    href: '/documents',
  },
  {
    type: 'survivor-tasks',
    title: 'Survivor Tasks',
    description: 'Guide your loved ones through what needs doing in the days and weeks after.',
    items: [
      { label: 'First 24 hours', completed: false },
      { label: 'Financial and legal steps', completed: false },
      { label: 'Memorial arrangements', completed: false },
    ],
    href: '/survivor-tasks',
  },
];

/** The four cards in SPEC order (After-Death Plan, Message Vault, Legal Documents, Survivor Tasks). */
export function progressCards(data: DashboardData): ProgressCard[] {
  return CARD_CONTENT.map((card) => ({
    ...card,
    items: card.items.map((item) => ({ ...item })),
    status: cardStatus(card.type, data),
  }));
}
