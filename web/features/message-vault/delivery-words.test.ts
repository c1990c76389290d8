/** The delivery choice's English words (delivery-words.ts) are the 'message-vault' catalog's English, id by id (issue 44). */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { DELIVERY_WORD_IDS, DELIVERY_WORDS } from './delivery-words';

it('DELIVERY_WORDS says what the English catalog says', () => {
  const en = JSON.parse(readFileSync(new URL('../../i18n/catalogs/en/message-vault.json', import.meta.url), 'utf8')) as Record<string, string>;
  for (const [key, id] of Object.entries(DELIVERY_WORD_IDS)) expect(DELIVERY_WORDS[key as keyof typeof DELIVERY_WORDS], key).toBe(en[id]);
});
