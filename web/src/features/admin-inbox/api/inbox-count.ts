/**
 * How many orders have a customer message waiting (the staff header's badge; the dashboard may show it too):
 * `useInboxCount()` gives the number, undefined while loading or for a role that may not see the Inbox.
 * It lives in lib/inbox.ts (a feature never imports another), re-exported here for this feature's readers.
 */
export { useInboxCount, useMarkInboxHandled, inboxKeys, INBOX_REFRESH_MS } from '@/lib/inbox';
