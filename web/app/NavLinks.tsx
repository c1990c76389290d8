/** The app's navigation list: main links, then a 'Support' group. The current route gets aria-current="page". */
import { NavLink } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from '../ui/signed-in-messages';
import { cn } from '../ui/cn';
import { MAIN_NAV, type NavLinkItem, SUPPORT_NAV } from './nav-links';

function Item({ item, onNavigate }: { item: NavLinkItem; onNavigate?: () => void }) {
  useSignedInMessages();
  const { t } = useT();
  const Icon = item.icon;
  return (
    <li>
      <NavLink
        to={item.to}
        onClick={onNavigate}
        className={({ isActive }) =>
          cn(
            'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 font-medium transition-colors',
            isActive ? 'bg-slate-800 text-white' : 'text-slate-700 hover:bg-stone-200/70 hover:text-slate-900',
          )
        }
      >
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        {t(item.label)}
      </NavLink>
    </li>
  );
}

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  useSignedInMessages();
  const { t } = useT();
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-1">
        {MAIN_NAV.map((item) => (
          <Item key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      <div>
        <h2 className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-600 uppercase">{t('nav.support')}</h2>
        <ul className="flex flex-col gap-1">
          {SUPPORT_NAV.map((item) => (
            <Item key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </ul>
      </div>
    </div>
  );
}
