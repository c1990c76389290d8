/**
 * Default automation content for a survivor task (SPEC.md §3 "Automation request", §2
 * "Generator control"): a notification template, a phone call script, an email template or a
 * step-by-step checklist, built from the task's title, description and category. Bracketed
 * placeholders such as [Name] mark what the survivor fills in. Plain text. A task about telling
 * family and friends gets a call, message and e-mail written to a close person (./automation-personal.ts);
 * every other task, the texts for an institution.
 */
import type { AutomationType, TaskCategory } from '../schema';
import type { AutomationInput } from './provider';
import { isTellingClosePeople, personalEmail, personalNotification, personalScript } from './automation-personal';

interface CategoryGuide {
  /** Who the survivor is most likely contacting. */
  contact: string;
  /** What to have at hand before calling or writing. */
  haveReady: string[];
  /** Category-specific steps of the checklist. */
  steps: string[];
}

const DEATH_DETAILS = 'Full name, date of birth and date of death of [Name of the deceased]';

export const CATEGORY_GUIDES: Record<TaskCategory, CategoryGuide> = {
  immediate: {
    contact: '[Family member, friend or funeral director]',
    haveReady: [DEATH_DETAILS, 'The name and number of the funeral home, if chosen', 'A list of people already told'],
    steps: [
      'Make sure the death has been pronounced by a doctor or the authorities and note the reference they give.',
      'Contact the chosen funeral home, or the one named in the after-death plan.',
      'Tell the closest family and friends, and ask one person to help share the news.',
      'Secure the home, vehicle and any pets, and collect valuables.',
    ],
  },
  financial: {
    contact: '[Bank, insurer or pension provider]',
    haveReady: [
      DEATH_DETAILS,
      'Certified copies of the death certificate',
      'Account or policy numbers: [Account or policy number]',
      'Your own ID and proof of your role (executor, next of kin)',
    ],
    steps: [
      'Order several certified copies of the death certificate.',
      'List every bank account, card, loan, pension and insurance policy you can find.',
      'Notify each institution and ask what they need to freeze, close or pay out the account.',
      'Cancel automatic payments that are no longer needed, and keep a record of each call.',
    ],
  },
  legal: {
    contact: '[Solicitor, attorney or probate office]',
    haveReady: [
      DEATH_DETAILS,
      'The original will, or where it is kept',
      'Certified copies of the death certificate',
      'The names and contact details of the executors',
    ],
    steps: [
      'Locate the original will and any later changes (codicils).',
      'Contact the executor named in the will, or a solicitor if there is none.',
      'Ask whether probate (or letters of administration) is needed and what the deadlines are.',
      'Keep copies of every document sent and received.',
    ],
  },
  memorial: {
    contact: '[Funeral director, venue or celebrant]',
    haveReady: [
      'The wishes in the after-death plan (service type, music, readings)',
      'Preferred dates: [Date options]',
      'An estimate of the number of guests: [Number]',
      'The budget agreed with the family: [Amount]',
    ],
    steps: [
      'Read the after-death plan and note the wishes for the service.',
      'Agree a date, place and budget with the closest family.',
      'Book the venue, celebrant or officiant and any musicians.',
      'Share the details with family and friends, and arrange flowers or donations as wished.',
    ],
  },
  digital: {
    contact: '[Online service or platform support]',
    haveReady: [
      DEATH_DETAILS,
      'A copy of the death certificate',
      'The account name or email address: [Account name]',
      'A link to the profile or account, if there is one',
    ],
    steps: [
      'List the email, social media, cloud and subscription accounts you know of.',
      'Decide for each whether to memorialise, download or close it.',
      'Use each service\u2019s deceased-user or legacy-contact process, with the death certificate.',
      'Cancel paid subscriptions and note which ones have been closed.',
    ],
  },
  emotional: {
    contact: '[Friend, counsellor or support service]',
    haveReady: ['A few words on how you are feeling', 'A list of people who have offered help', 'Times you are free to talk'],
    steps: [
      'Accept one offer of help today, however small.',
      'Find a local or online bereavement support group or counsellor.',
      'Set aside time to rest, eat and be outside.',
      'Keep a note of memories and messages you want to hold on to.',
    ],
  },
  other: {
    contact: '[Person or organisation]',
    haveReady: [DEATH_DETAILS, 'Any reference number: [Reference]', 'Your contact details'],
    steps: [
      'Note who needs to be contacted and why.',
      'Gather the documents they will ask for.',
      'Make the contact and write down the outcome.',
    ],
  },
};

function sentence(text: string): string {
  const t = text.trim();
  return t === '' || /[.!?]$/.test(t) ? t : `${t}.`;
}

/** The lines above every template: what it is for and who it goes to (for the survivor, not sent). */
function header(kind: string, title: string, description: string, g: CategoryGuide): string[] {
  return [`${kind}: ${title}`, ...(description ? [`Purpose: ${sentence(description)}`] : []), `For: ${g.contact}`, ''];
}

function notification(title: string, description: string, g: CategoryGuide): string {
  return [
    ...header('Notification template', title, description, g),
    'Dear [Name],',
    '',
    `I am sorry to let you know that [Name of the deceased] died on [Date]. I am contacting you as their [Relationship] about the following: ${sentence(title)}`,
    '',
    '[Add any details they need, such as an account or reference number.]',
    '',
    'If you need anything from us, please contact [Your name] at [Phone] or [Email].',
    '',
    'Thank you for your understanding at this time.',
    '',
    '[Your name]',
  ].join('\n');
}

function script(title: string, description: string, g: CategoryGuide): string {
  return [
    ...header('Phone call script', title, description, g),
    'Before you call, have ready:',
    ...g.haveReady.map((item) => `- ${item}`),
    '- A pen and paper for names and reference numbers',
    '',
    'Opening:',
    '"Hello, my name is [Your name]. I am calling about [Name of the deceased], who died on [Date]. I am their [Relationship]."',
    '',
    'Explain what you need:',
    `"I need help with the following: ${sentence(title)} [Say in your own words what you need them to do.]"`,
    '',
    'Ask:',
    '- "What do you need from me to do this?"',
    '- "Is there a reference number for this call?"',
    '- "How long will it take, and will you confirm in writing?"',
    '',
    'Closing:',
    '"Thank you for your help. Could I have your name, in case I need to call back?"',
    '',
    'After the call, note: the date, the person you spoke to, the reference number and the next step.',
    'If the call becomes too much, it is fine to ask them to call you back, or to ask someone to call for you.',
  ].join('\n');
}

function email(title: string, description: string, g: CategoryGuide): string {
  return [
    ...header('Email template', title, description, g),
    `Subject: ${title} \u2014 [Name of the deceased]`,
    '',
    'Dear [Name],',
    '',
    `I am writing on behalf of the family of [Name of the deceased], who died on [Date]. I am their [Relationship], and I am writing about the following: ${sentence(title)}`,
    '',
    'Please find the following details below or attached:',
    ...g.haveReady.map((item) => `- ${item}`),
    '',
    'Please let me know what else you need from me and what the next steps are. I can be reached at [Phone] or by replying to this email.',
    '',
    'Kind regards,',
    '[Your name]',
  ].join('\n');
}

function checklist(title: string, description: string, g: CategoryGuide): string {
  const steps = [
    ...(description ? [`Read the task: ${sentence(description)}`] : []),
    `Gather what you need: ${g.haveReady.join('; ')}.`,
    ...g.steps,
    'Mark this task completed in Afterword and tell the other trustees what was done.',
  ];
  return [...header('Step-by-step checklist', title, '', g), ...steps.map((s, i) => `${i + 1}. ${s}`)].join('\n');
}

const BUILDERS: Record<AutomationType, (title: string, description: string, g: CategoryGuide) => string> = {
  notification,
  script,
  email,
  checklist,
};

/** The texts to a close person, where there is one (a checklist is the same for anyone). */
const PERSONAL: Partial<Record<AutomationType, (title: string) => string>> = {
  script: personalScript,
  notification: personalNotification,
  email: personalEmail,
};

/** The automation content of `automationType` for the task described in `taskDetails`. */
export function automationFor({ automationType, taskDetails }: AutomationInput): { automationContent: string } {
  const title = taskDetails.title.trim() || 'this task';
  const personal = isTellingClosePeople(title) ? PERSONAL[automationType] : undefined;
  if (personal) return { automationContent: personal(title) };
  const guide = CATEGORY_GUIDES[taskDetails.category];
  return { automationContent: BUILDERS[automationType](title, taskDetails.description.trim(), guide) };
}
