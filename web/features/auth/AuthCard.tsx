/** The card that holds the login, register and forgot-password forms: title, intro, body, a closing line; `below` it, e.g. the language select. */
import type { ReactNode } from 'react';
import { Card } from '../../ui/Card';

export function AuthCard({ title, intro, children, footer, below }: { title: string; intro: string; children: ReactNode; footer?: ReactNode; below?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-6">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="font-serif text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{intro}</p>
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-stone-200 pt-5 text-center text-slate-700">{footer}</div>}
      </Card>
      {below && <div className="w-full max-w-md">{below}</div>}
    </div>
  );
}

/** Link look inside auth cards. */
export const authLinkClasses = 'font-medium text-accent-700 underline-offset-4 hover:underline';
