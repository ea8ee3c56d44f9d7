import { Link } from 'react-router-dom';
import { PageTitle } from '@/components/seo/page-title';
import { BRAND_TAGLINE } from '@/config/brand';
import { paths } from '@/config/paths';
import { AccessNotice, SecurityNotice } from '@/features/auth/components/notices';

const FEATURES = [
  {
    title: 'Expert Gunsmithing',
    text: 'Experienced gunsmiths handle every repair, customization, cleaning, inspection, Cerakote finish and trigger job with care and precision.',
    icon: 'M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76z',
  },
  {
    title: 'Real-Time Tracking',
    text: 'Follow your firearm from arrival to return shipment with a live status timeline, notes from our staff and instant notifications.',
    icon: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2',
  },
  {
    title: 'Secure & Transparent Pricing',
    text: 'See the estimate up front, approve or reject any additional costs before work continues, and pay invoices securely by card.',
    icon: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4',
  },
];

const STEPS = [
  {
    title: 'Contact Us for a Quote',
    text: 'Call the shop to describe the work you need. We will give you a quote and shipping instructions.',
  },
  {
    title: 'Ship Your Firearm',
    text: 'Ship your firearm to us following the instructions we provide, in compliance with all applicable laws.',
  },
  {
    title: 'Receive Your Login',
    text: 'Once your firearm arrives, we create your order and send you login credentials for this portal.',
  },
  {
    title: 'Track & Receive',
    text: 'Track the progress of your order online. When the work is done, we ship your firearm back with tracking information.',
  },
];

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-6" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

export default function LandingRoute() {
  return (
    <>
      <PageTitle />
      <section className="bg-slate-900 text-white dark:bg-slate-900">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center sm:px-6 lg:px-8 lg:py-28">
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Track Your Firearm Repair With Confidence
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-200">{BRAND_TAGLINE}</p>
          <div className="mt-10">
            <Link
              to={paths.auth.login.getHref()}
              className="inline-flex items-center justify-center rounded-lg bg-amber-400 px-6 py-3 text-base font-semibold text-slate-950 shadow-sm hover:bg-amber-300 focus-visible:outline-amber-300"
            >
              Track Your Order Now
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="features-heading" className="sr-only">
          Why choose us
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li
              key={feature.title}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="inline-flex rounded-lg bg-amber-100 p-2 text-amber-900 dark:bg-amber-400/15 dark:text-amber-300">
                <Icon d={feature.icon} />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="how-heading"
        className="border-y border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/60"
      >
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight">
            How It Works
          </h2>
          <ol className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="text-center">
                <span
                  aria-hidden="true"
                  className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-900 text-lg font-bold text-white dark:bg-amber-400 dark:text-slate-950"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-label="Access and security" className="mx-auto max-w-3xl space-y-4 px-4 py-16 sm:px-6 lg:px-8">
        <AccessNotice />
        <SecurityNotice />
      </section>
    </>
  );
}
