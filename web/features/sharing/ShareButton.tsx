/**
 * "Share now" for any item (a plan section, a task list, a trustee's details; a document's card
 * has its own): a button that opens ShareDialog for `item`, named for the screen reader by `title`.
 */
import { useState } from 'react';
import { Share2 } from 'lucide-react';
import { Button } from '../../ui/Button';
import type { ShareItemRef } from './projections';
import { ShareDialog } from './ShareDialog';

export function ShareButton({ item, title, className }: { item: ShareItemRef; title: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className={className} aria-label={`Share now: ${title}`} onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" />
        Share now
      </Button>
      {open && <ShareDialog item={item} title={title} open={open} onOpenChange={setOpen} />}
    </>
  );
}
