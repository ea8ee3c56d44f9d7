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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const isValidEmail = (email: string) => EMAIL.test(email.trim())

/** One email, one account: every email is compared, stored and sent to Cognito trimmed and in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** Phone: after stripping spaces, hyphens and parentheses, an optional leading plus and 10 to 15 digits. */
export const normalizePhone = (phone: string) => phone.replace(/[\s\-()]/g, '')
export const isValidPhone = (phone: string) => /^\+?\d{10,15}$/.test(normalizePhone(phone))
