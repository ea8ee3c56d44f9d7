/**
 * The claim tag (a label printed from the order editor and tied to the box): the order number, the serial, the
 * customer, the date received (the intake's), and a Code 128 barcode of the order number that a scanner types into
 * the staff order search, which opens the order (docs/business-rules.md, "Claim tags").
 */
export const claimTagTexts = {
  print: 'Print Claim Tag',
  title: 'Claim Tag',
  loading: 'Preparing the claim tag...',
  loadFailed: 'Unable to load the order for its claim tag. Please try again.',
  notReceived: 'Not received yet',
  barcodeFailed: 'The barcode could not be drawn: the order number is printed above it.',
  printButton: 'Print',
  labelSize: 'Sized for a 4 × 2 in label.',
  scanHint: 'Scan a claim tag or type an order number and press Enter to open the order.',
} as const
