import { PageTitle } from '@/components/seo/page-title';

/** Stand-in for pages that later releases implement; shows the page title only. */
export function placeholderPage(title: string) {
  function PlaceholderRoute() {
    return (
      <>
        <PageTitle title={title} />
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        </div>
      </>
    );
  }
  PlaceholderRoute.displayName = `Placeholder(${title})`;
  return PlaceholderRoute;
}
