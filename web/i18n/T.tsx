/**
 * `<T>`: a message with elements inside it (issue 44, docs/i18n.md). Its own module so that
 * Lingui's `Trans` loads only with the screens that use it, not with every page.
 */
import { Trans } from '@lingui/react';
import type { ReactElement, ReactNode } from 'react';
import type { MessageId, MessageValues } from './i18n';
import { literalValues } from '../../shared/i18n-values';

/**
 * `<0>…</0>` in the catalog wraps its text in `components[0]` (e.g. a link, given without children),
 * so a translation can move the link within the sentence; `values` fill the placeholders.
 */
export function T({ id, values, components }: { id: MessageId; values?: MessageValues; components?: Record<string, ReactNode> }) {
  return <Trans id={id} values={literalValues(values)} components={components as Record<string, ReactElement> | undefined} />;
}
