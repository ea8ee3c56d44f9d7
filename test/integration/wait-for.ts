/** Probes until it answers (an error or undefined is "not yet"), every 100 ms, for at most `ms`: mail arriving, a sink's text. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const got = await probe().catch(() => undefined)
    if (got !== undefined) return got
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
