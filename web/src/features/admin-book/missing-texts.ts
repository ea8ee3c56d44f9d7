// The texts of the list of firearms missing from the A&D book, apart from the page's (bookTexts spreads them): the
// staff dashboard shows the count without loading the book's CSV and print code.
export const missingTexts = {
  missingTitle: 'Firearms missing from the A&D book',
  missingSubtitle: 'Orders whose status says the firearm came into the shop, with no intake recorded. Record each intake with the date the firearm really came in.',
  missingCount: (n: number) => `${n} ${n === 1 ? 'firearm' : 'firearms'} missing from the A&D book`,
  missingEmpty: 'No firearm is missing from the A&D book.',
  missingLoadFailed: 'Unable to load the firearms missing from the A&D book. Please try again.',
  recordIntake: 'Record Intake',
  intakeRecorded: (orderNumber: string) => `Intake of ${orderNumber} recorded: the firearm is in the A&D book.`,
} as const;
