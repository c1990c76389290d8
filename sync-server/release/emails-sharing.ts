/**
 * The words of the yearly sharing reminder (issue 43 "The owner always knows"; docs/sharing.md
 * "The yearly reminder"; queued by sharing/yearly-reminder.ts, rendered by emails.ts). The server
 * knows only how many: which things are shared and with whom is sealed on the owner's devices,
 * so the e-mail says so and sends the owner to Settings → Sharing to see who, and says how to stop.
 */

/** What the reminder counts (sharing/yearly-reminder.ts): things shared now and their links, trustees who may ask for emergency access and the things they would open. */
export interface SharingCounts {
  items: number;
  links: number;
  trustees: number;
  emergencyItems: number;
}

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The reminder's subject and text for `counts`, greeting with `hello`, links under `base`. */
export function sharingYearlyEmail(counts: SharingCounts, hello: string, base: string, signOff: string): { subject: string; text: string } {
  const lines: string[] = [];
  if (counts.links > 0) {
    lines.push(
      `- ${n(counts.items, 'thing is', 'things are')} shared now, by ${n(counts.links, 'private link', 'private links')}. Each link was made for one person, and whoever holds a link can open what it shares and sees your changes.`,
    );
  }
  if (counts.trustees > 0) {
    lines.push(
      `- ${counts.trustees} of your trustees can ask for emergency access to ${n(counts.emergencyItems, 'thing', 'things')}. ${counts.trustees === 1 ? 'If they ask' : 'If one of them asks'}, we tell you at once, and you can refuse.`,
    );
  }
  return {
    subject: 'Once a year: what you share on Afterword now',
    text: `${hello}

Once a year we write to tell you what you let people see on Afterword while you are alive.

Today:
${lines.join('\n')}

We cannot tell you who these people are or what the things are: their names and your words are sealed on your devices, and Afterword cannot read them. So please open Settings → Sharing to see who (the part called “Sharing while you are alive”), in Afterword on one of your devices:
${base}/settings

To stop sharing something, open it in Afterword, press “Share now” and then “Stop sharing” beside the person: from then on its link opens nothing new (what someone already saw or saved, they may still have). To stop a trustee from asking for emergency access, open Trustees, then “Emergency access” on their card, and remove it:
${base}/trustees

If all is as you want it, you need do nothing.${signOff}`,
  };
}
