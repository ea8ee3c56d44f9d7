/** A problem the person running `npm start` can fix; printed as one line, never a stack trace. */
export class LocalStackError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LocalStackError'
  }
}
