/** The e2e stack's maildev and SMS sink ports: next to the portal's (test/e2e/serve.ts, notifications.spec.ts). */
export const e2eDeliveryPorts = (port: number) => ({ inboxPort: port + 1, smsPort: port + 2, smtpPort: port + 3 })

/** A staff member the e2e stack adds without an authenticator app (serve.ts): the accounts journey enrolls one. */
export const NEW_STAFF = { email: 'new-staff@example.com', password: 'StaffPass123!', firstName: 'Nia', lastName: 'Newhire' }
/** Another, who never enrolls: the accessibility audit checks the set-up page with them. */
export const UNENROLLED_STAFF = { email: 'unenrolled-staff@example.com', password: 'StaffPass123!', firstName: 'Uma', lastName: 'Unset' }
