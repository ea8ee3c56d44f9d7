/** What the profile page says (customers choose how they are reached). */
export const profileMessages = {
  title: 'My Profile',
  intro: 'Your contact details and how we reach you about your orders.',
  detailsHeading: 'Contact Details',
  emailHint: 'The email you sign in with. Every message about your orders goes here.',
  phoneHint: 'Optional. Needed for text messages.',
  addressHeading: 'Mailing Address',
  addressHint: 'Where we send your firearm back, unless arranged otherwise. US addresses only.',
  notificationsHeading: 'Notifications',
  smsLabel: 'Text me when my orders change',
  smsHint: 'Texts go to the phone number above. Message and data rates may apply. Reply STOP to any text to stop them.',
  smsNeedsPhone: 'Add a phone number to get text messages',
  emailLabel: 'Email me about notes, new orders and progress updates',
  essentialHint: 'Payment receipts, refunds and shipping notices are always emailed, whatever you choose here.',
  saved: 'Your profile has been saved.',
  saveFailed: 'Failed to save your profile. Please try again.',
  loadFailed: 'Failed to load your profile. Please try again.',
} as const;
