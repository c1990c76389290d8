/**
 * Automation content for telling the people close to the deceased (issue 38 item 8): a call, a
 * message or an e-mail to a relative or friend who is grieving too, not to an institution. Short
 * and kind: what happened, the funeral once it is known, how they can help, and who else to tell.
 * Bracketed placeholders mark what the survivor fills in (as in ./automation.ts). Plain text.
 */

/**
 * True when a task is about telling family or friends (its title names them), so its call script,
 * message and e-mail are written to a close person; anything else gets the institutional texts.
 * Takes the task's title; pure.
 */
export const isTellingClosePeople = (title: string): boolean =>
  /\b(family|friends?|relatives|loved ones|neighbou?rs)\b/i.test(title) && /\b(tell|let|inform|share|call|notify|news)\b/i.test(title);

/** The lines above each text: what it is for (for the survivor, not read out or sent). */
const header = (kind: string, title: string): string[] => [`${kind}: ${title}`, 'For: [Family member or close friend]', ''];

/** A phone call to a close person. `title`: the task's title. */
export function personalScript(title: string): string {
  return [
    ...header('Phone call script', title),
    'Before you call: find a quiet moment, and have a glass of water and this page near you. You do not have to say it perfectly.',
    '',
    'Start gently:',
    '"[Their name], it’s [Your name]. I have some very sad news. Are you somewhere you can talk?"',
    '',
    'Say what happened, simply:',
    '"[Name of the deceased] died [today / yesterday], on [Date]. [A few words on how, only if you want to share them.]"',
    '',
    'Give them a moment. It is fine to be quiet together, or to cry.',
    '',
    'The funeral:',
    '"We don’t know the date of the funeral yet. I’ll let you know when and where as soon as we do." (Or, once known: "The funeral is on [Date] at [Place].")',
    '',
    'How they can help, if they ask:',
    '"It would help if you could [tell a few people for us / bring a meal / help with the arrangements]."',
    '',
    'Who else to tell:',
    '"Could you let [Names or a circle: cousins, old friends, neighbours] know? Please wait before posting anything online."',
    '',
    'Closing:',
    '"Thank you for being there. I’ll call again when I know more."',
    '',
    'Afterwards, add their name to the list of people told. If a call becomes too much, ask someone close to make the next ones with you or for you.',
  ].join('\n');
}

/** The funeral, not yet known or known (the same in a message and an e-mail). */
const FUNERAL_LINE = 'We will let you know when and where the funeral will be as soon as we know. [Or: The funeral is on [Date] at [Place].]';

/** A written note to a close person: what happened, the funeral, how to help and who else to tell. */
function personalLetter(kind: string, title: string, parts: { subject?: string; news: string; help: string; closing: string }): string {
  return [
    ...header(kind, title),
    ...(parts.subject ? [`Subject: ${parts.subject}`, ''] : []),
    'Dear [Their name],',
    '',
    parts.news,
    '',
    FUNERAL_LINE,
    '',
    parts.help,
    '',
    parts.closing,
    '[Your name]',
  ].join('\n');
}

/** A short message (text or voice) to a close person. */
export const personalNotification = (title: string): string =>
  personalLetter('Notification template', title, {
    news: 'I am so sorry to tell you this by message. [Name of the deceased] died on [Date]. I wanted you to hear it from us before anyone else.',
    help: 'Please could you tell [Names or a circle of people] for us, and wait before posting anything online.',
    closing: 'With love,',
  });

/** An e-mail to a close person (for someone far away, or easier than a call). */
export const personalEmail = (title: string): string =>
  personalLetter('Email template', title, {
    subject: 'Sad news about [Name of the deceased]',
    news: 'I am very sorry to have to tell you that [Name of the deceased] died on [Date]. [A few words on what happened, only if you want to share them.]',
    help: 'If you would like to help, [say what would help: telling others, a meal, a call]. Please could you tell [Names or a circle of people], and wait before posting anything online.',
    closing: 'Thinking of you,',
  });
