/**
 * Who did a staff action (the audit log, domain/audit.ts): a module of its own, so that every admin route
 * can name the actor without loading the audit record builders at a cold start (they load with the first
 * write that records one).
 */

/** The staff member: their user id and their name as it was at the time. */
export interface Actor {
  id: string
  name: string
}

/** The actor of an admin request, from the caller the account gate read (functions/lib/http.ts). */
export function actorOf(caller: { userId: string; firstName?: string; lastName?: string; email?: string }): Actor {
  const name = [caller.firstName, caller.lastName].map((s) => s?.trim()).filter(Boolean).join(' ')
  return { id: caller.userId, name: name || caller.email || 'Staff' }
}
