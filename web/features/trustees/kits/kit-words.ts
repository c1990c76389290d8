/**
 * The words of a trustee kit (issue "Release through trustees' key shares": who it is from, what
 * it is for, what to do when the time comes, in plain words), the same on paper (kit-pdf.ts) and in
 * the e-mail the owner sends from their own mail app (kit-share.ts), for a person who may read them
 * years later, in a hurry or in grief. The only secret they carry is the kit itself (its code or
 * link), never anything of the owner's account.
 */

/** Who a kit is from and for, and the split it belongs to. */
export interface KitPeople {
  /** The owner's full name as they sign. */
  ownerName: string;
  /** The owner's first name, as the kit page and the e-mails call them. */
  ownerFirstName: string;
  trusteeName: string;
  /** Kits needed (k) out of all kits made (n). */
  k: number;
  n: number;
}

/** "2 of the 3" in words a reader needs no arithmetic for. */
const needed = ({ k, n }: Pick<KitPeople, 'k' | 'n'>) => (k === 1 ? 'any one of the' : `${k} of the`) + ` ${n} ${n === 1 ? 'trustee' : 'trustees'}`;

/** What the kit is for, as one paragraph. */
export function kitPurpose(p: KitPeople): string {
  const alone = p.k === 1 ? 'Your kit is enough on its own, so keep it as safe as a key to a house.' : 'Your kit alone opens nothing.';
  return `${p.ownerName} chose you as a trustee. ${p.ownerFirstName} has written a plan, messages and documents for the people they love, locked so that no one can read them early, not even Afterword. When ${p.ownerFirstName} has died, ${needed(p)} who hold a kit unlock them together: this kit is your part of the key. ${alone}`;
}

/** What to do now, one step a line. */
export const kitNowSteps = (p: KitPeople): string[] => [
  'Now: scan the QR code below and choose “Keep this kit”. Until you do, your kit does not count.',
  'Keep this page safe, with your important papers, and give no copy to anyone.',
  'Once a year we e-mail you a link to check your kit: if its page shows the fingerprint printed here, your kit is still good (no code needed).',
  `If ${p.ownerFirstName} gives you a new kit, keep both until the new one’s page says it is in use; then destroy this one.`,
]

/** What to do when the time comes, one step a line. */
export const kitWhenSteps = (p: KitPeople, page: string): string[] => [
  `When ${p.ownerFirstName} has died, Afterword e-mails you: “Please confirm only if you know ${p.ownerFirstName} has died”.`,
  `Open the kit: scan the QR code below with your phone’s camera, or go to ${page} and type the code below. Capital or small letters and the dashes do not matter.`,
  `Confirm only if you know ${p.ownerFirstName} has died. Nothing is opened until ${p.k === 1 ? 'a trustee confirms' : `${p.k} trustees have confirmed`}.`,
  `The page then shows you what ${p.ownerFirstName} left for you, and how to pass on the messages meant for others.`,
];

/**
 * The executor kit's words (issue "Fewer than k kits": printed, kept with the will, counting as one
 * share), for "the executor of [name]'s will", who may never have heard of Afterword: what it is,
 * that it opens nothing on its own, and what to do when the time comes. `trusteeName` is unused.
 */
export function executorPurpose(p: KitPeople): string {
  const first = p.ownerFirstName;
  const together =
    p.k === 1
      ? `This kit can confirm ${first}’s death on its own, so keep it as safe as a key to a house.`
      : `This kit and ${p.k - 1} of ${first}’s trustees can confirm ${first}’s death together; ${p.k} of ${first}’s trustees can too, without it.`;
  return `${p.ownerName} has written a plan, messages and documents for the people they love on Afterword, locked so that no one can read them early, not even Afterword. When ${first} has died, ${p.k} ${p.k === 1 ? 'kit unlocks' : 'kits together unlock'} them. ${first}’s trustees each hold a kit; this one is for the executor of ${first}’s will. ${together} It opens nothing on its own: what ${first} left goes to the trustees.`;
}

/** What to do with the executor kit now, one step a line. */
export const executorNowSteps = (p: KitPeople): string[] => [
  'Keep this page with the will, in its envelope. Make no copy, and show it to no one but the executor.',
  `If ${p.ownerFirstName} makes a new executor kit, destroy this one: it stops working once the new kits are in use.`,
];

/** What the executor does when the time comes, one step a line. */
export const executorWhenSteps = (p: KitPeople, page: string): string[] => [
  `When ${p.ownerFirstName} has died, scan the QR code below with a phone’s camera, or go to ${page} and type the code below. Capital or small letters and the dashes do not matter.`,
  `The page asks for a confirmation only after ${p.ownerFirstName} stopped answering Afterword and a waiting period passed. Until then it says nothing is waiting: try again later, or tell ${p.ownerFirstName}’s trustees.`,
  `Confirm only if you know ${p.ownerFirstName} has died. Nothing is opened until ${p.k === 1 ? 'one kit has confirmed' : `${p.k} kits have confirmed`}.`,
  `${p.ownerFirstName}’s trustees then receive what ${p.ownerFirstName} left; the page tells you who they are.`,
];

/** What the executor kit means for a choice of `k` kits needed, on the kits setup (plain words). */
export const executorTogetherText = (k: number): string =>
  k === 1
    ? 'With 1 kit needed, the executor kit alone could confirm your death.'
    : `The executor kit plus ${k - 1} ${k - 1 === 1 ? 'trustee' : 'trustees'} can confirm your death together; ${k} trustees can too, without it.`;

/** The printed note under the fingerprint. */
export const FINGERPRINT_NOTE = 'The kit’s page shows the same fingerprint. If it ever shows another, this is not the right page: do not type your code there.';

/** The subject of the owner's e-mail carrying the kit link. */
export const kitMailSubject = (p: KitPeople): string => `Your trustee kit from ${p.ownerFirstName}`;

/** The body of the owner's e-mail (sent from their own mail app): plain words, the link, the fingerprint. */
export function kitMailBody(p: KitPeople, link: string, fingerprint: string): string {
  const first = p.trusteeName.split(/\s+/)[0] || p.trusteeName;
  return [
    `Dear ${first},`,
    '',
    `I have chosen you as one of my trustees on Afterword. The link below is your trustee kit: your part of the key that unlocks what I leave for the people I love after my death. It takes ${needed(p)} to unlock anything.`,
    '',
    'Please open the link once now and choose “Keep this kit”. Then keep this e-mail, and do not forward it to anyone.',
    '',
    link,
    '',
    `The page will show the fingerprint ${fingerprint}. It should be the same.`,
    '',
    `When the time comes, Afterword will e-mail you. Confirm only if you know I have died.`,
    '',
    p.ownerFirstName,
  ].join('\n');
}

/** The short text the share sheet carries with the link. */
export const kitShareText = (p: KitPeople): string =>
  `Your trustee kit from ${p.ownerFirstName}: please open this link once and choose “Keep this kit”. Keep it private.`;

/** Whose kit it is, as the owner calls it: "the executor kit", or "David Alexander Whitfield-Hughes’s kit" (a long name cut at 40 characters). */
export const whoseKit = (trusteeName: string, executor: boolean): string =>
  executor ? 'the executor kit' : `${trusteeName.length > 40 ? `${trusteeName.slice(0, 40)}…` : trusteeName}’s kit`;

/**
 * Why a kit cannot be printed: its names are too long for one page (kit-pdf.ts KitTooLongError;
 * kit-plan.ts kitsTooLongText when kits are made). `who` is whoseKit(); `then` what to do after
 * shortening the name ("make the kits", "try again").
 */
export const kitTooLongText = (who: string, then: string): string =>
  `The names are too long for ${who} to fit on one printed page. Please use a shorter form of the name (Edit Trustee on the Trustees screen, or your name in Profile Settings), then ${then}.`;
