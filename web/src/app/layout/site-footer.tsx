import { Link } from 'react-router-dom';
import { BRAND_NAME, BRAND_TAGLINE } from '@/config/brand';
import { paths } from '@/config/paths';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-700 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8 dark:text-slate-300">
        <div>
          <p className="font-semibold text-slate-900 dark:text-white">{BRAND_NAME}</p>
          <p className="mt-1">{BRAND_TAGLINE}</p>
          <p className="mt-2">
            &copy; {year} {BRAND_NAME}. All rights reserved.
          </p>
        </div>
        <nav aria-label="Footer" className="flex gap-6">
          {/* The shop has not published a contact page yet (customer-side §1: the link goes nowhere). */}
          <a href="#" onClick={(event) => event.preventDefault()} className="underline-offset-2 hover:underline">
            Contact Us
          </a>
          <Link to={paths.shippingPolicy.getHref()} className="underline-offset-2 hover:underline">
            Shipping Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
