import { startLocalStack } from '../../infra/local/stack.ts'
import { e2eDeliveryPorts, NEW_STAFF, UNENROLLED_STAFF } from './delivery-ports.ts'
import { cognitoClient } from '../../functions/auth/cognito.ts'
import { createUserDirectory } from '../../functions/auth/users.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { seedLegacyOrderMissingFromBook } from './legacy-orders.ts'
import { seedOrderAwaitingBox } from './awaiting-box-orders.ts'

// E2E_WEB_DIR serves a build made elsewhere (vite build --outDir), so a rebuild of web/dist meanwhile cannot break a run.
/** The stack the e2e journeys run against: in memory, seeded, on E2E_PORT. */
const port = Number(process.env.PORT ?? 3310)
// Notifications are delivered as under `npm start` (the stream, the notifier, maildev, the SMS sink), on ports
// next to the portal's so the journeys can read the inbox (e2eDeliveryPorts in steps.ts).
// Batching (docs/notifications.md): the journeys' changes are combined over 4 s, sent every 2 s, not 2 minutes and 1 minute.
process.env.NOTIFY_DIGEST_WINDOW_MS ??= '4000'
process.env.NOTIFY_DIGEST_EVERY_MS ??= '2000'
const stack = await startLocalStack({ port, webDir: process.env.E2E_WEB_DIR || undefined, delivery: e2eDeliveryPorts(port) })
// A staff member who has not set up two-step sign-in yet (the accounts journey enrolls their authenticator app).
for (const staff of [NEW_STAFF, UNENROLLED_STAFF]) await seedStaffWithoutAuthenticator(stack.userPoolId, staff)
// An order an earlier version left in work without its intake (the A&D book journey records it).
await seedLegacyOrderMissingFromBook()
// An order created days ago still waiting for its firearm (the awaiting-intake journey records its box).
await seedOrderAwaitingBox()
console.log(`e2e stack at ${stack.url}`)
const stop = async () => {
  await stack.stop()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)

async function seedStaffWithoutAuthenticator(userPoolId: string, staff: typeof NEW_STAFF) {
  const id = await createUserDirectory({ client: cognitoClient(), userPoolId }).createConfirmedUser({ ...staff, group: 'admin' })
  await createProfileRepository(defaultTable()).ensureProfile({ id, email: staff.email, firstName: staff.firstName, lastName: staff.lastName, role: 'admin' })
}
