import { isValidEmail, isValidPhone, messages, PASSWORD_MIN_LENGTH, passwordChangeMessages } from '../validation.ts'
import * as z from './zod.ts'

/**
 * The sign-in, registration and password forms, whose requests go to Cognito, not to a
 * route of ours: the rules of ../validation.ts with the spec's messages, as schemas the forms check with.
 * Values come out as typed (the forms normalize the email and the phone as they send them).
 */

const filled = (v: string) => v.trim() !== ''

/** An email: required, then an address (checked trimmed). */
export const emailField = z.string().check(
  z.refine(filled, messages.emailRequired),
  z.refine((v) => !filled(v) || isValidEmail(v), messages.emailInvalid),
)

/** A password being signed in with: anything but nothing. */
export const passwordField = z.string().check(z.refine((v) => v !== '', messages.passwordRequired))

/** A new password: required, then at least PASSWORD_MIN_LENGTH characters. */
export const newPasswordField = z.string().check(
  z.refine((v) => v !== '', messages.passwordRequired),
  z.refine((v) => v === '' || v.length >= PASSWORD_MIN_LENGTH, messages.passwordTooShort),
)

/** A new password is good to use: what newPasswordField accepts. */
export const isNewPasswordValid = (v: string) => v.length >= PASSWORD_MIN_LENGTH

/** The confirmation (`confirmation`) equals the new password (`password`): passwordsDiffer under the confirmation otherwise. */
export const confirmed = <P extends string, C extends string>(password: P, confirmation: C) =>
  z.superRefine((v: Record<P | C, string>, ctx) => {
    if (v[confirmation] !== v[password]) ctx.addIssue({ code: 'custom', path: [confirmation], message: messages.passwordsDiffer })
  })

/** Sign in: email and password. */
export const loginSchema = z.object({ email: emailField, password: passwordField })
export type LoginValues = z.input<typeof loginSchema>

/** Create Account: names, email, an optional phone, and the password twice. */
export const registrationSchema = z
  .object({
    firstName: z.string().check(z.refine(filled, messages.firstNameRequired)),
    lastName: z.string().check(z.refine(filled, messages.lastNameRequired)),
    email: emailField,
    phone: z.string().check(z.refine((v) => !filled(v) || isValidPhone(v), messages.phoneInvalid)),
    password: newPasswordField,
    confirmPassword: z.string(),
  })
  .check(confirmed('password', 'confirmPassword'))
export type RegistrationValues = z.input<typeof registrationSchema>

/** Change Password's fields: the current password, then a new one by the shared rules. */
export const changePasswordFields = {
  currentPassword: z.string().check(z.refine((v) => v !== '', passwordChangeMessages.currentRequired)),
  newPassword: newPasswordField,
}

/** A good new password differs from the current one (samePassword under the new one otherwise). */
export const differsFromCurrent = z.superRefine((v: { currentPassword: string; newPassword: string }, ctx) => {
  if (v.currentPassword && isNewPasswordValid(v.newPassword) && v.newPassword === v.currentPassword) {
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: passwordChangeMessages.samePassword })
  }
})

/** POST /api/me/password: exactly the two fields, the new password different from the current one. */
export const changePasswordSchema = z.strictObject(changePasswordFields).check(differsFromCurrent)
export type ChangePasswordValues = z.input<typeof changePasswordSchema>
