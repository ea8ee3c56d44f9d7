import { Outlet } from 'react-router-dom';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { ACCOUNT_INACTIVE_MESSAGE, isAccountInactiveError, useMe } from '@/features/profile/api/get-me';

/**
 * Every signed-in page, for a deactivated (archived) account: the spec's inactive text in place of the
 * page, never a load error. The profile is read once per visit (the pages share the query); any request
 * the API refuses as inactive later makes it be read again (lib/query-client.ts).
 */
export function ActiveAccountOnly() {
  const me = useMe();
  if (!isAccountInactiveError(me.error)) return <Outlet />;
  return (
    <>
      <PageTitle title="Account Inactive" />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <Alert tone="warning">{ACCOUNT_INACTIVE_MESSAGE}</Alert>
      </div>
    </>
  );
}
