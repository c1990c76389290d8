/**
 * The dashboard's four 'Suggested for You' progress cards (SPEC.md §2 "Dashboard", §3 "Progress
 * card", §4 "Card status"): their text, checklist, link and status, derived from what the person
 * has stored: each checklist item is ticked from the person's own records. Pure: the screen
 * passes what its live queries found.
 */
import type { CompletionStatus, DeathPlanFields, LegalDocument, MessageFields, SurvivorTask } from './schema';

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
  /** Survivor Tasks only: how many of the tasks are done (completionStatus 'completed'), of all. */
  count?: { done: number; total: number };
}

/**
 * What the dashboard knows about the person's data: the live records' fields its checklists read
 * (the device's own database, opened: sealed fields are plain text here).
 */
export interface DashboardData {
  plan: Pick<DeathPlanFields, 'funeralType' | 'location' | 'burialPreference' | 'musicSelections' | 'readings'> | null;
  messages: Pick<MessageFields, 'recipientEmail' | 'messageContent' | 'deliveryDate' | 'file'>[];
  documents: Pick<LegalDocument, 'documentType'>[];
  survivorTasks: Pick<SurvivorTask, 'timeframe' | 'category' | 'completionStatus'>[];
}

const hasData = (type: ProgressCardType, data: DashboardData): boolean =>
  ({
    'death-plan': data.plan !== null,
    'message-vault': data.messages.length > 0,
    documents: data.documents.length > 0,
    'survivor-tasks': data.survivorTasks.length > 0,
  })[type];

/**
 * SPEC.md §2: 'in-progress' when data exists (a death plan exists, or the list is non-empty),
 * otherwise 'not-started'; and 'completed' once every checklist item is done (for Survivor Tasks:
 * once every task is done, see tasksDone) (SPEC.md records
 * "never derived" as the demo's shortcut: a card that says Not Started to a person who has done
 * it all tells them something untrue).
 */
export function cardStatus(type: ProgressCardType, data: DashboardData): CompletionStatus {
  if (!hasData(type, data)) return 'not-started';
  const allTasksDone = type !== 'survivor-tasks' || data.survivorTasks.every((t) => t.completionStatus === 'completed');
  return allTasksDone && CHECKS[type].every(([, done]) => done(data)) ? 'completed' : 'in-progress';
}

/** SPEC.md §2: the card's button reads 'Start Now' when not started and 'Continue Plan' otherwise. */
export function cardButtonLabel(status: CompletionStatus): 'Start Now' | 'Continue Plan' {
  return status === 'not-started' ? 'Start Now' : 'Continue Plan';
}

type Check = readonly [label: string, done: (data: DashboardData) => boolean];
const filled = (text: string | null | undefined) => !!text?.trim();
type TaskFacts = DashboardData['survivorTasks'][number];
/**
 * A survivor-task item is done when the tasks it names exist and every one of them is done: the
 * card counts tasks done, never tasks written (issue 38 item 8: 36 generated tasks are a guide
 * still to follow, not a plan "Completed").
 */
const tasksDone =
  (of: (t: TaskFacts) => boolean) =>
  ({ survivorTasks }: DashboardData): boolean => {
    const group = survivorTasks.filter(of);
    return group.length > 0 && group.every((t) => t.completionStatus === 'completed');
  };

/** Each card's three checklist items (SPEC.md §2 labels) and what in the person's data ticks each. */
const CHECKS: Record<ProgressCardType, readonly Check[]> = {
  'death-plan': [
    ['Basic information', ({ plan }) => !!plan && (plan.funeralType !== null || filled(plan.location))],
    ['Funeral and burial preferences', ({ plan }) => !!plan && plan.funeralType !== null && plan.burialPreference !== null],
    ['Music and readings', ({ plan }) => !!plan && plan.musicSelections.length + plan.readings.length > 0],
  ],
  'message-vault': [
    ['Choose your recipients', ({ messages }) => messages.some((m) => filled(m.recipientEmail))],
    ['Write your first message', ({ messages }) => messages.some((m) => filled(m.messageContent) || m.file !== null)],
    ['Set a delivery date', ({ messages }) => messages.some((m) => m.deliveryDate !== null)],
  ],
  documents: [
    ['Will and testament', ({ documents }) => documents.some((d) => d.documentType === 'will')],
    ['Insurance policies', ({ documents }) => documents.some((d) => d.documentType === 'insurance')],
    ['Financial accounts', ({ documents }) => documents.some((d) => d.documentType === 'financial')],
  ],
  'survivor-tasks': [
    ['First 24 hours', tasksDone((t) => t.timeframe === '24h')],
    ['Financial and legal steps', tasksDone((t) => t.category === 'financial' || t.category === 'legal')],
    ['Memorial arrangements', tasksDone((t) => t.category === 'memorial')],
  ],
};

const CARD_CONTENT: Omit<ProgressCard, 'status' | 'items'>[] = [
  {
    type: 'death-plan',
    title: 'After-Death Plan',
    description: 'Record your funeral, burial and memorial wishes so no one has to guess.',
    href: '/death-plan',
  },
  {
    type: 'message-vault',
    title: 'Message Vault',
    description: 'Leave words for the people you love, delivered when the time comes.',
    href: '/message-vault',
  },
  {
    type: 'documents',
    title: 'Legal Documents',
    description: 'Keep your will, insurance and financial papers where they can be found.',
    href: '/documents',
  },
  {
    type: 'survivor-tasks',
    title: 'Survivor Tasks',
    description: 'Guide your loved ones through what needs doing in the days and weeks after.',
    href: '/survivor-tasks',
  },
];

/** The four cards in SPEC order (After-Death Plan, Message Vault, Legal Documents, Survivor Tasks), ticked from `data`. */
export function progressCards(data: DashboardData): ProgressCard[] {
  return CARD_CONTENT.map((card) => ({
    ...card,
    items: CHECKS[card.type].map(([label, done]) => ({ label, completed: done(data) })),
    status: cardStatus(card.type, data),
    ...(card.type === 'survivor-tasks'
      ? { count: { done: data.survivorTasks.filter((t) => t.completionStatus === 'completed').length, total: data.survivorTasks.length } }
      : {}),
  }));
}
