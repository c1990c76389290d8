/**
 * Default obituary (SPEC.md §7 `POST /api/generate-obituary`): well-formed paragraphs built
 * from every field given (name, age, location, occupation, achievements, familyMembers,
 * personalQualities) and the budget level, which sets the length and the style of service
 * mentioned. It states nothing that is not in the input; blank fields (and an unknown age) are
 * left out. The person's
 * first name stands in for pronouns, since gender is not known.
 */
import type { BudgetLevel } from '../schema';
import type { ObituaryInput } from './provider';

/** Closing line per budget: the style of farewell, with no date or place invented. */
const SERVICE_LINE: Record<BudgetLevel, (first: string) => string> = {
  budget: () => 'The family will share details of a simple farewell.',
  moderate: (first) => `A service to remember ${first} will be held; the family will share the date and place.`,
  premium: (first) =>
    `A memorial service and reception celebrating ${first}\u2019s life will be held, and the family will share the details.`,
  luxury: (first) =>
    `A celebration of ${first}\u2019s life, with music, readings and a reception for all who knew ${first}, will be held; the family will share the details.`,
};

/** Ends `text` with a full stop unless it already ends with punctuation. */
function sentence(text: string): string {
  const t = text.trim();
  return /[.!?\u2026"'\u201d)]$/.test(t) ? t : `${t}.`;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** Joins the non-empty parts with a space. */
function paragraph(...parts: (string | false | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join(' ');
}

/** The obituary text: 2 paragraphs for `budget` (newspaper notices are priced by length), 3-4 otherwise. */
export function obituaryFor(input: ObituaryInput): { obituary: string } {
  const name = input.name.trim() || 'Our loved one';
  const first = input.name.trim().split(/\s+/)[0] || 'our loved one';
  const location = input.location.trim();
  const occupation = input.occupation.trim();
  const achievements = input.achievements.trim();
  const family = input.familyMembers.trim();
  const qualities = input.personalQualities.trim();
  const budget = input.budget;

  const opening = paragraph(
    `${name}${location ? `, of ${location},` : ''} died${input.age === null ? '' : ` at the age of ${input.age}`}.`,
    occupation && `${first} spent a working life as ${article(occupation)} ${occupation}.`,
  );
  const life = paragraph(
    achievements && `Among the things ${first} was proudest of: ${sentence(achievements)}`,
    qualities && `Friends and family describe ${first} in these words: ${sentence(qualities)}`,
  );
  const familyLine = family && `${first} is remembered by family: ${sentence(family)}`;
  const service = SERVICE_LINE[budget](first);

  let paragraphs: string[];
  if (budget === 'budget') {
    paragraphs = [paragraph(opening, life), paragraph(familyLine, service)];
  } else {
    paragraphs = [opening, life, paragraph(familyLine)];
    if (budget === 'premium' || budget === 'luxury') {
      paragraphs.push(
        paragraph(
          `${first}\u2019s story continues in the people ${first} loved${occupation ? ' and in the work of a lifetime' : ''}.`,
          budget === 'luxury' && `Family and friends are invited to bring a memory of ${first} to share.`,
        ),
      );
    }
    paragraphs.push(service);
  }
  return { obituary: paragraphs.filter((p) => p.length > 0).join('\n\n') };
}
