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

/** A short message (text or voice) to a close person. */
export function personalNotification(title: string): string {
  return [
    ...header('Notification template', title),
    'Dear [Their name],',
    '',
    'I am so sorry to tell you this by message. [Name of the deceased] died on [Date]. I wanted you to hear it from us before anyone else.',
    '',
    'We will let you know when and where the funeral will be as soon as we know. [Or: The funeral is on [Date] at [Place].]',
    '',
    'Please could you tell [Names or a circle of people] for us, and wait before posting anything online.',
    '',
    'With love,',
    '[Your name]',
  ].join('\n');
}

/** An e-mail to a close person (for someone far away, or easier than a call). */
export function personalEmail(title: string): string {
  return [
    ...header('Email template', title),
    'Subject: Sad news about [Name of the deceased]',
    '',
    'Dear [Their name],',
    '',
    'I am very sorry to have to tell you that [Name of the deceased] died on [Date]. [A few words on what happened, only if you want to share them.]',
    '',
    'We do not know the date of the funeral yet, and will let you know when and where as soon as we do. [Or: The funeral is on [Date] at [Place].]',
    '',
    'If you would like to help, [say what would help: telling others, a meal, a call]. Please could you tell [Names or a circle of people], and wait before posting anything online.',
    '',
    'Thinking of you,',
    '[Your name]',
  ].join('\n');
}
