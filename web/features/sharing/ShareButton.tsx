/**
 * "Share now" for any item (a plan section, a task list, a trustee's details, a letter; a
 * document's card has its own): a button that opens ShareDialog for `item`, named for the screen
 * reader by `title`. With `askFirst`, the owner is asked that question first and the dialog opens
 * only on yes (a letter: it was written for after their death; issue 43 "by explicit choice").
 */
import { useState } from 'react';
import { Share2 } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { confirm, type ConfirmOptions } from '../../ui/confirm';
import type { ShareItemRef } from './projections';
import { ShareDialog } from './ShareDialog';
import { useSharingMessages } from './messages';

export function ShareButton({ item, title, className, variant = 'outline', askFirst }: { item: ShareItemRef; title: string; className?: string; variant?: 'outline' | 'ghost'; askFirst?: ConfirmOptions }) {
  useSharingMessages();
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const start = async () => {
    if (askFirst && !(await confirm(askFirst))) return;
    setOpen(true);
  };
  return (
    <>
      <Button variant={variant} size="sm" className={className} aria-label={t('sharing.shareNowLabel', { title })} onClick={() => void start()}>
        <Share2 aria-hidden="true" />
        {t('sharing.shareNow')}
      </Button>
      {open && <ShareDialog item={item} title={title} open={open} onOpenChange={setOpen} />}
    </>
  );
}
