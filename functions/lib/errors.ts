/** Named errors, mapped to the contract's error shape in one place (toErrorResponse). */
import type { ErrorCode } from '@gs/shared/api-types'
import { sessionMessages } from '@gs/shared/validation'

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Numbers the client acts on besides the message (a changed bill's new amount), sent as `error.details`. */
    readonly details?: Record<string, number>,
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class ValidationError extends ApiError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'validation_failed', message, fields)
  }
}
export class UnauthorizedError extends ApiError {
  constructor(message = 'Authentication required') {
    super(401, 'unauthorized', message)
  }
}
export class ForbiddenError extends ApiError {
  constructor(message = 'You do not have permission to do this') {
    super(403, 'forbidden', message)
  }
}
/** A staff route, for an admin who has not set up two-step sign-in (an authenticator app) yet: the SPA shows how. */
export class MfaRequiredError extends ApiError {
  constructor() {
    super(403, 'mfa_required', 'Set up two-step sign-in to use the staff pages.')
  }
}
/**
 * A signed-in request from a session that has ended: the password was changed or reset, two-step sign-in was set
 * up or reset, or the shop archived the account since this sign-in. The SPA signs out and shows the message.
 */
export class SessionEndedError extends ApiError {
  constructor(message: string = sessionMessages.ended) {
    super(401, 'session_ended', message)
  }
}
export class NotFoundError extends ApiError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message)
  }
}
export class ConflictError extends ApiError {
  constructor(message: string) {
    super(409, 'conflict', message)
  }
}
/**
 * A payment whose bill changed since the customer confirmed it (a line, shipping, tax, a payment): nothing is
 * charged; the SPA shows the new balance due (`details.balanceDueCents`) and asks again.
 */
export class BillChangedError extends ApiError {
  constructor(message: string, balanceDueCents: number) {
    super(409, 'bill_changed', message, { confirmedBalanceCents: message }, { balanceDueCents })
  }
}
/** A limit the caller reached (a customer's notes): they may try again later, or not at all. */
export class TooManyRequestsError extends ApiError {
  constructor(message: string) {
    super(429, 'too_many_requests', message)
  }
}
export class PaymentFailedError extends ApiError {
  constructor(message: string) {
    super(402, 'payment_failed', message)
  }
}

/** The card provider failed for a reason that is neither the card nor the request ("Payment processing error: …"). */
export class PaymentProviderError extends ApiError {
  constructor(message: string) {
    super(502, 'internal', message)
  }
}

export const ACCOUNT_INACTIVE = 'Account Inactive - Please contact the shop for assistance.'

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; details?: Record<string, number> }
}

export function errorBody(err: unknown): { statusCode: number; body: ErrorBody } {
  if (err instanceof ApiError) {
    const error: ErrorBody['error'] = { code: err.code, message: err.message }
    if (err.fields && Object.keys(err.fields).length) error.fields = err.fields
    if (err.details) error.details = err.details
    return { statusCode: err.statusCode, body: { error } }
  }
  return { statusCode: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } } }
}
