/**
 * A message's delivery state on a trustee's page in the page's language (issue 44): the state
 * shared/delivery-rule.ts works out (deliveryStatePart, the same rule as the English line the binder
 * prints) said with the release pages' catalog (`releasePage.state.<id>`, words.ts), its dates in
 * the reader's own time zone (dom.ts dateText), a trustee whose name the page cannot read "a trustee".
 */
import { deliveryStatePart, type TrusteeMessageFacts } from '../../shared/delivery-rule';
import { dateText } from './dom';
import { t } from './words';

/** The state of `m` at `now` (ms), lower case after "For <name>: ". */
export function stateText(m: TrusteeMessageFacts, now: number): string {
  const { id, ...facts } = deliveryStatePart(m, now);
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(facts) as [string, string | null][]) {
    values[key] = key === 'who' || key === 'backup' ? (value ?? t('releasePage.state.aTrustee')) : dateText(value!);
  }
  return t(`releasePage.state.${id}`, values);
}
