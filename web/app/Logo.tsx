/** The product mark and name, linking home (`to`). */
import { AppLink as Link } from './navigation';
import { PRODUCT_NAME } from '../../shared/product';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-md font-serif text-xl font-semibold tracking-tight text-slate-900">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      {PRODUCT_NAME}
    </Link>
  );
}
