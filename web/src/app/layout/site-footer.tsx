import { Link } from 'react-router-dom';
import { telHref } from '@gs/shared/phone';
import { BRAND_TAGLINE } from '@/config/brand';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/hydration';
import { useShop } from '@/lib/shop';

// The year the SPA was built: what a pre-rendered page shows until it hydrates (vite.config.ts `define`).
const BUILD_YEAR: number = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();

export function SiteFooter() {
  // Pre-rendered HTML carries the build's year; the browser's own follows hydration (the same but on New Year).
  const year = useHydrated() ? new Date().getFullYear() : BUILD_YEAR;
  const shop = useShop();
  const tel = telHref(shop.phone);
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-700 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8 dark:text-slate-300">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 dark:text-white">{shop.name}</p>
          <p className="mt-1">{BRAND_TAGLINE}</p>
          <address data-testid="shop-contact" className="mt-2 not-italic [overflow-wrap:anywhere]">
            {shop.address ? <span className="block whitespace-pre-line">{shop.address}</span> : null}
            <span className="block">
              {tel ? (
                <a href={tel} className="underline-offset-2 hover:underline">
                  {shop.phone}
                </a>
              ) : (
                shop.phone
              )}
              {shop.email ? (
                <>
                  {' · '}
                  <a href={`mailto:${shop.email}`} className="underline-offset-2 hover:underline">
                    {shop.email}
                  </a>
                </>
              ) : null}
            </span>
          </address>
          <p className="mt-2">
            &copy; {year} {shop.name}. All rights reserved.
          </p>
        </div>
        <nav aria-label="Footer" className="flex gap-6">
          {/* The shop has not published a contact page yet (the link goes nowhere). */}
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
