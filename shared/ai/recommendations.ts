/**
 * Default planning recommendations (SPEC.md §3 "Recommendation", §4 "Recommendations"):
 * cost-aware advice for the chosen budget level, plus the gaps in what the person has planned
 * (no will recorded, no trustee, unscheduled messages, a thin plan, values such as nature).
 * Deterministic: the same budget and snapshot give the same list.
 */
import type { BudgetLevel, Recommendation } from '../schema';
import type { PlanningSnapshot, RecommendationsInput } from './provider';

/** Bounds of the number of recommendations returned. */
export const MAX_RECOMMENDATIONS = 6;
export const MIN_RECOMMENDATIONS = 4;

interface Candidate extends Recommendation {
  /** Higher is more relevant. */
  score: number;
}

const PRICE_LIST_TIP =
  'Ask every funeral provider for an itemised price list before you choose (in the US the FTC Funeral Rule entitles you to one), and compare at least two.';

/** Budget advice, most important first. Figures are rough US ranges and say so. */
function budgetAdvice(budget: BudgetLevel, s: PlanningSnapshot): Recommendation[] {
  const burial = s.burialPreference;
  switch (budget) {
    case 'budget':
      return [
        burial === 'traditional_burial'
          ? {
              title: 'Keep a burial simple',
              description:
                'A direct (immediate) burial without embalming or viewing avoids most of the cost of a full-service funeral, which often reaches $8,000-$10,000 with a vault. A simple casket, or one bought from a third party, is accepted by law. ' +
                PRICE_LIST_TIP,
            }
          : {
              title: 'Consider direct cremation',
              description:
                'Direct cremation, with no embalming or viewing beforehand, typically costs about $1,000-$3,000 in the US, a fraction of a full-service funeral. A memorial can be held later, at home or in a park, at little or no cost. ' +
                PRICE_LIST_TIP,
            },
        {
          title: 'Hold a free or low-cost gathering',
          description:
            'A community hall, place of worship, garden or family home often costs little or nothing. Friends can share readings and music from a phone and speaker; a potluck replaces catering.',
        },
        {
          title: 'Check for benefits you may be owed',
          description:
            'Some employers, unions, veterans\u2019 programmes and national pension schemes pay a death or funeral benefit. Note which may apply to you so your family knows to ask.',
        },
      ];
    case 'moderate':
      return [
        {
          title: 'Choose a memorial service after cremation',
          description:
            'Cremation followed by a memorial service keeps the cost well below a traditional funeral while giving everyone a place to gather. ' +
            PRICE_LIST_TIP,
        },
        {
          title: 'Book a celebrant rather than a full package',
          description:
            'An independent celebrant or officiant usually charges a few hundred dollars and writes the service around your life. Add only the funeral-home services you actually want.',
        },
        {
          title: 'Set money aside in a payable-on-death account',
          description:
            'A payable-on-death savings account goes straight to the person you name, outside probate, so your family can pay the funeral without waiting for the estate.',
        },
      ];
    case 'premium':
      return [
        {
          title: 'Compare pre-paid funeral plans',
          description:
            'A pre-need plan fixes today\u2019s prices for the services you choose. Check which costs are guaranteed, whether the money is held in a trust or insurance policy, and what happens if you move or cancel.',
        },
        {
          title: 'Personalise the service',
          description:
            'Within a premium budget you can add a live musician, printed programmes, a photo or video tribute and a catered reception. Write down which of these matter to you so nothing is guesswork.',
        },
        {
          title: 'Name who decides on costs',
          description:
            'Record which trustee may approve spending and up to what amount, so the people arranging your service are not left to guess what you would have wanted.',
        },
      ];
    case 'luxury':
      return [
        {
          title: 'Brief an event planner alongside the funeral director',
          description:
            'For a large celebration of life, a planner can handle the venue, catering, flowers and guests\u2019 travel while the funeral director handles the legal and care side. Write your wishes down so both work from the same brief.',
        },
        {
          title: 'Commission a lasting tribute',
          description:
            'Consider a professionally produced life-story film, a memorial bench or tree, a scholarship or a donation in your name. Note the people and causes you want it to honour.',
        },
        {
          title: 'Fund it through a trust or pre-need plan',
          description:
            'Put the money for your wishes in a dedicated trust or pre-paid plan so that a large service does not hold up or reduce what your family inherits.',
        },
      ];
  }
}

/** Gaps and opportunities in what is already planned. */
function planAdvice(s: PlanningSnapshot): Candidate[] {
  const out: Candidate[] = [];
  const name = s.firstName.trim();
  const you = name ? `${name}, your` : 'Your';
  if (!s.hasPlan || s.planCompletion < 30) {
    out.push({
      score: 92,
      title: 'Start your after-death plan',
      description: `${you} plan is where your family will look first. Choosing a service type, a location and a burial preference takes a few minutes and removes the hardest decisions from them.`,
    });
  } else if (s.planCompletion < 100) {
    out.push({
      score: 70,
      title: 'Finish your after-death plan',
      description: `Your plan is ${Math.round(s.planCompletion)}% complete. Music, readings, special requests and an obituary are what make a service feel like yours; the obituary and music helpers can give you a first draft.`,
    });
  }
  if (s.documents.will === 0) {
    out.push({
      score: 95,
      title: 'Record where your will is',
      description:
        'No will is recorded yet. Add the will (or a note of where the signed original is kept and who drafted it) under Legal Documents. If you have no will, a local solicitor or an online will service can help you make one.',
    });
  }
  if (s.trustees === 0) {
    out.push({
      score: 90,
      title: 'Name a trustee',
      description:
        'A trustee is the person who can act on your plan and reach your documents and messages. Choose someone you trust and tell them they have been named.',
    });
  } else if (s.fullAccessTrustees === 0) {
    out.push({
      score: 55,
      title: 'Give one trustee full access',
      description:
        'None of your trustees can see everything. Consider giving one person full access so someone can coordinate your plan, documents and messages together.',
    });
  }
  if (s.messages === 0) {
    out.push({
      score: 60,
      title: 'Write a first message',
      description:
        'A few words to someone you love can mean more than anything else you leave. Start with one short message in the Message Vault; you can always add more.',
    });
  } else if (s.undeliveredScheduled === 0) {
    out.push({
      score: 62,
      title: 'Choose when your messages arrive',
      description: `You have ${s.messages} message${s.messages === 1 ? '' : 's'} in the vault and none scheduled. Consider a delivery date for some, such as a birthday, an anniversary or a graduation.`,
    });
  }
  if (s.documents.insurance === 0 && s.documents.financial === 0) {
    out.push({
      score: 65,
      title: 'List your insurance and accounts',
      description:
        'Families often lose money they never knew about. Record your life insurance policies, pensions and main accounts under Legal Documents, with where the paperwork is kept.',
    });
  }
  if (s.survivorTasks === 0) {
    out.push({
      score: 58,
      title: 'Prepare tasks for your survivors',
      description:
        'Generate the default survivor tasks to give your family a timeline for the first days and weeks: who to call, what to cancel and what can wait.',
    });
  }
  if (s.values.includes('nature') && s.burialPreference !== 'green_burial') {
    out.push({
      score: 57,
      title: 'Look at green burial',
      description:
        'Green burial uses no embalming, a biodegradable shroud or coffin and a natural burial ground, often with a tree instead of a headstone. Aquamation (water cremation) is another lower-impact choice where it is legal.',
    });
  }
  if (s.values.includes('spirituality') && s.funeralType === null) {
    out.push({
      score: 52,
      title: 'Talk to your faith or spiritual community',
      description:
        'If a faith leader or community should lead your service, tell them now and note their name in your special requests. Many communities also help with costs.',
    });
  }
  if (s.values.includes('legacy') || s.values.includes('achievement')) {
    out.push({
      score: 45,
      title: 'Write down what you want to pass on',
      description:
        'Note the stories, skills, causes or possessions you want carried forward and who should receive them, so your legacy is more than what the will covers.',
    });
  }
  if (s.values.includes('family') && s.messages < 3) {
    out.push({
      score: 48,
      title: 'Leave a message for each person close to you',
      description:
        'Family matters deeply to you. A short message for each person closest to you, even a few lines, is something they can return to for years.',
    });
  }
  out.push({
    score: 20,
    title: 'Review your wishes once a year',
    description:
      'Prices, relationships and wishes change. A short yearly review, perhaps on your birthday, keeps your plan, trustees and messages up to date.',
  });
  return out;
}

/**
 * Recommendations for `budget` and the `snapshot`: 4-6 items, most relevant first. The budget's
 * first piece of advice is always included; the rest are ranked by how much they help.
 */
export function recommendationsFor({ budget, snapshot }: RecommendationsInput): { recommendations: Recommendation[] } {
  const [primary, ...rest] = budgetAdvice(budget, snapshot);
  const budgetCandidates: Candidate[] = rest.map((r, i) => ({ ...r, score: 50 - i * 10 }));
  const ranked = [...planAdvice(snapshot), ...budgetCandidates].sort((a, b) => b.score - a.score);
  // The yearly review and the budget's other advice are always candidates, so there are at least MIN.
  const picked: Candidate[] = [{ ...primary, score: 75 }, ...ranked.slice(0, MAX_RECOMMENDATIONS - 1)];
  picked.sort((a, b) => b.score - a.score);
  return { recommendations: picked.map(({ title, description }) => ({ title, description })) };
}
