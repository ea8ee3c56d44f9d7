/** Field rules and the spec's exact messages, shared by the SPA forms and the server schemas (no zod here). */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordsDiffer: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneInvalid: 'Please enter a valid phone number',
  loginFailed: 'Invalid email or password. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  accountInactive: 'Account Inactive - Please contact the shop for assistance.',
  // The staff's customer form
  adminPasswordRequired: 'Password is required for new customers',
  adminEmailInvalid: 'A valid email address is required',
} as const

export const PASSWORD_MIN_LENGTH = 8

/** What a person is told when a sign-in of theirs has ended (the API's `session_ended`, and the sign-in page after it). */
export const sessionMessages = {
  ended: 'Your session has ended. Please sign in again.',
  passwordChanged: 'Your password was changed, so every session signed in with the old one has ended. Please sign in again with your new password.',
  twoStepOn: 'Two-step sign-in is on. Please sign in again with your password and a code from your authenticator app.',
} as const

/** What the password-change request answers (the API's field messages and the form's). */
export const passwordChangeMessages = {
  currentRequired: 'Please enter your current password',
  currentWrong: 'Your current password is not correct.',
  samePassword: 'Choose a password different from your current one.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const isValidEmail = (email: string) => EMAIL.test(email.trim())

/** One email, one account: every email is compared, stored and sent to Cognito trimmed and in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** Phone: after stripping spaces, hyphens and parentheses, an optional leading plus and 10 to 15 digits. */
export const normalizePhone = (phone: string) => phone.replace(/[\s\-()]/g, '')
export const isValidPhone = (phone: string) => /^\+?\d{10,15}$/.test(normalizePhone(phone))
