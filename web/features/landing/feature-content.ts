/** The features section's three tabs (SPEC.md §2 "Landing page"): a description and five points each. */
export type FeatureTab = 'death-plan' | 'messages' | 'documents';

export const FEATURES: { value: FeatureTab; label: string; title: string; description: string; points: string[] }[] = [
  {
    value: 'death-plan',
    label: 'Death Plan',
    title: 'An after-death plan in your own words',
    description:
      'Decide how you want to be remembered, so the people you love are not left guessing at a hard time. Change anything, whenever you like.',
    points: [
      'Choose a funeral, memorial or celebration of life, or none at all',
      'Record burial, cremation or green burial wishes',
      'Pick the music and readings that mean something to you',
      'Draft an obituary with gentle AI help, then make it your own',
      'Plan within a budget you are comfortable with',
    ],
  },
  {
    value: 'messages',
    label: 'Messages',
    title: 'Words for the people you love',
    description:
      'Write letters, record audio or video, and choose who receives them and when: after your death, or on a birthday or wedding day still to come.',
    points: [
      'Text, audio and video messages',
      'One recipient or many, each with their own words',
      'Sent after your death, at once or on a date you choose',
      'Keep drafts private until they are ready',
      'Edit or withdraw a message at any time',
    ],
  },
  {
    value: 'documents',
    label: 'Documents',
    title: 'Important papers, easy to find',
    description:
      'Keep track of your will, insurance, healthcare directive and property papers, and note where the originals are kept, so your trustees are not searching drawers.',
    points: [
      'Wills, insurance and financial records in one list',
      'Healthcare directive and power of attorney details',
      'Property deeds and where the originals live',
      'Share only with the trustees you choose',
      'Sealed on your device before it reaches our server',
    ],
  },
];
