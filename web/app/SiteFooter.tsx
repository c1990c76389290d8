/** The footer of every page (SPEC.md §2 "Layout"): legal links and '© {year} AFTERWORD.APP. All rights reserved.' */
import { AppLink as Link } from './navigation';
import { PRODUCT_NAME } from '../../shared/product';
import { useT } from '../i18n/i18n';

/** `wide`: match the signed-in layout's wider frame. */
export function SiteFooter({ wide = false }: { wide?: boolean }) {
  const { t } = useT();
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className={`mx-auto flex ${wide ? 'max-w-7xl' : 'max-w-6xl'} flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:px-6`}>
        <nav aria-label={t('footer.legal')}>
          <ul className="flex gap-5">
            <li>
              <Link className="underline-offset-4 hover:text-slate-900 hover:underline" to="/privacy">
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link className="underline-offset-4 hover:text-slate-900 hover:underline" to="/terms">
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link className="underline-offset-4 hover:text-slate-900 hover:underline" to="/contact">
                {t('footer.contact')}
              </Link>
            </li>
          </ul>
        </nav>
        {/* The prerendered pages carry the build's year; the browser's may differ (issue #20). */}
        <p suppressHydrationWarning>
          {t('footer.rights', { year: String(new Date().getFullYear()), product: PRODUCT_NAME.toUpperCase() })}
        </p>
      </div>
    </footer>
  );
}
