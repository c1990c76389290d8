/**
 * Default astrological insights (SPEC.md §3 "Astrological insight response", §4 "Astrological
 * panel"): the sun sign from the birthdate (tropical zodiac, conventional date boundaries), its
 * element and modality, and reflective suggestions for the chosen part of the plan. Warm and
 * never fatalistic; astrology is offered as a prompt for reflection, not a prediction.
 */
import type { AstrologicalInsight, PlanType } from '../schema';
import type { AstrologyInput } from './provider';

export type Element = 'Fire' | 'Earth' | 'Air' | 'Water';
export type Modality = 'Cardinal' | 'Fixed' | 'Mutable';

export interface SunSign {
  name: string;
  element: Element;
  modality: Modality;
  /** First day of the sign: [month 1-12, day]. */
  starts: [number, number];
}

/** In calendar order from Capricorn (which spans the new year). */
export const SUN_SIGNS: readonly SunSign[] = [
  { name: 'Capricorn', element: 'Earth', modality: 'Cardinal', starts: [12, 22] },
  { name: 'Aquarius', element: 'Air', modality: 'Fixed', starts: [1, 20] },
  { name: 'Pisces', element: 'Water', modality: 'Mutable', starts: [2, 19] },
  { name: 'Aries', element: 'Fire', modality: 'Cardinal', starts: [3, 21] },
  { name: 'Taurus', element: 'Earth', modality: 'Fixed', starts: [4, 20] },
  { name: 'Gemini', element: 'Air', modality: 'Mutable', starts: [5, 21] },
  { name: 'Cancer', element: 'Water', modality: 'Cardinal', starts: [6, 21] },
  { name: 'Leo', element: 'Fire', modality: 'Fixed', starts: [7, 23] },
  { name: 'Virgo', element: 'Earth', modality: 'Mutable', starts: [8, 23] },
  { name: 'Libra', element: 'Air', modality: 'Cardinal', starts: [9, 23] },
  { name: 'Scorpio', element: 'Water', modality: 'Fixed', starts: [10, 23] },
  { name: 'Sagittarius', element: 'Fire', modality: 'Mutable', starts: [11, 22] },
];

/** The sun sign of a `YYYY-MM-DD` birthdate (read as a calendar date, no time zone). */
export function sunSign(birthdate: string): SunSign {
  const [, m, d] = birthdate.split('-').map(Number);
  const key = m * 100 + d;
  let found = SUN_SIGNS[0]; // Capricorn: from Dec 22, and Jan 1 until Aquarius starts
  for (const sign of SUN_SIGNS.slice(1)) {
    if (key >= sign.starts[0] * 100 + sign.starts[1]) found = sign;
  }
  if (key >= 1222) found = SUN_SIGNS[0];
  return found;
}

const ELEMENT_NATURE: Record<Element, { gift: string; care: string; supportive: Element }> = {
  Fire: {
    gift: 'warmth, courage and a way of lighting up a room',
    care: 'slowing down long enough to put the quiet details in writing',
    supportive: 'Air',
  },
  Earth: {
    gift: 'steadiness, practical care and a sense of what lasts',
    care: 'letting feelings, not only arrangements, be part of what you leave',
    supportive: 'Water',
  },
  Air: {
    gift: 'curiosity, conversation and a gift for connecting people',
    care: 'turning good ideas into decisions that are written down',
    supportive: 'Fire',
  },
  Water: {
    gift: 'empathy, intuition and deep loyalty to the people you love',
    care: 'protecting your own energy while you think about emotional things',
    supportive: 'Earth',
  },
};

const MODALITY_NATURE: Record<Modality, string> = {
  Cardinal: 'As a cardinal sign you tend to begin things with energy: starting is natural, so give yourself a gentle plan for finishing.',
  Fixed: 'As a fixed sign you hold to what matters: once a wish is written down, trust it, and revisit it only when life truly changes.',
  Mutable: 'As a mutable sign you adapt easily: it can help to set one small, concrete step at a time so choices do not stay open forever.',
};

const PLAN_FOCUS: Record<PlanType, { theme: string; byElement: Record<Element, string>; steps: string[] }> = {
  general: {
    theme: 'Preparing for the end of life is, at heart, an act of care for the people who will carry on.',
    byElement: {
      Fire: 'Let your plan carry your spirit: bright music, a gathering that feels like you, words that make people smile.',
      Earth: 'You may find comfort in order: a clear list of what exists and where it is kept is a real gift to your family.',
      Air: 'Conversation is your strength: talk your wishes through with one trusted person before you write them down.',
      Water: 'Trust your feelings about what matters most; they are a reliable guide to what your loved ones will need.',
    },
    steps: [
      'Spend ten quiet minutes noting the three things you most want your loved ones to know.',
      'Choose one area of your plan to complete this week, and let the rest wait.',
      'Tell one person that you have started planning, so it is no longer a secret weight.',
    ],
  },
  'death-plan': {
    theme: 'Your after-death plan is a way of saying how you want to be remembered, and of sparing your family difficult guesses.',
    byElement: {
      Fire: 'A celebration of life with uplifting music and shared stories may suit you better than a sombre service.',
      Earth: 'Natural, simple choices such as a green burial, a tree or a garden setting often feel right to earth signs.',
      Air: 'Readings, poems and spoken tributes may matter to you most; consider who you would like to hear speak.',
      Water: 'A gathering by the sea, a river or a lake, or a quiet and intimate service, may reflect your nature.',
    },
    steps: [
      'Choose the kind of service that feels most like you, even if the details come later.',
      'Pick one piece of music that says something about who you are.',
      'Write a sentence in your special requests about the mood you hope the day will have.',
    ],
  },
  'message-vault': {
    theme: 'Messages for the people you love can carry your voice to them long after today.',
    byElement: {
      Fire: 'Write the way you speak: direct, encouraging and full of the energy people know you for.',
      Earth: 'Practical wisdom is a gift: the advice, recipes and know-how you would want passed on.',
      Air: 'Share the ideas, stories and jokes that connect you to each person; they will recognise you in them.',
      Water: 'Say the tender things plainly; your care for each person is what they will hold on to.',
    },
    steps: [
      'Start with one short message to the person who comes to mind first.',
      'Consider a delivery date that matters, such as a birthday or an anniversary.',
      'Keep each message honest and simple; it does not need to be perfect to be treasured.',
    ],
  },
  documents: {
    theme: 'Putting documents in order is quiet work, and one of the kindest things you can do for those who will manage your affairs.',
    byElement: {
      Fire: 'Tackle documents in short, focused bursts, and reward yourself when each one is recorded.',
      Earth: 'Your methodical side shines here: a simple inventory of what exists and where it is kept goes a long way.',
      Air: 'Ask questions freely: a conversation with a solicitor or financial adviser can turn uncertainty into a clear list.',
      Water: 'Let a trusted person sit with you while you gather papers; this work can stir feelings, and that is natural.',
    },
    steps: [
      'Record where your will is kept, or note that you would like to make one.',
      'List your insurance policies and main accounts, with where the paperwork is.',
      'Decide which trustee should be able to find these documents.',
    ],
  },
};

const REFLECTION_NOTE =
  'Astrology is offered here as a prompt for reflection, not a prediction: take what resonates and leave the rest.';

/** `word` with its indefinite article: "an Aries", "an air", "a Leo" (an before a vowel). */
const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** Insights for `birthdate` and `planType`; the same input always gives the same answer. */
export function astrologicalInsightsFor({ birthdate, planType }: AstrologyInput): AstrologicalInsight {
  const sign = sunSign(birthdate);
  const nature = ELEMENT_NATURE[sign.element];
  const focus = PLAN_FOCUS[planType];
  const favorable: Element[] = [sign.element, nature.supportive];
  const challenging = (['Fire', 'Earth', 'Air', 'Water'] as const).filter((e) => !favorable.includes(e));
  const insights = [
    `As ${withArticle(sign.name)}, ${withArticle(sign.element.toLowerCase())} sign, you bring ${nature.gift}.`,
    MODALITY_NATURE[sign.modality],
    focus.theme,
    focus.byElement[sign.element],
    REFLECTION_NOTE,
  ].join(' ');
  const recommendations = [
    ...focus.steps,
    `Be gentle with yourself: for ${withArticle(sign.name)}, the growing edge is ${nature.care}.`,
  ];
  return {
    insights,
    recommendations,
    elements: {
      favorable: favorable.map((e) => `${e}${e === sign.element ? ' (your element)' : ''}`),
      challenging: [...challenging],
    },
  };
}
