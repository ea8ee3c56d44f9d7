/**
 * Whether a CloudWatch Logs JSON filter pattern (`{ ($.alert = "x") && ($.count > 0) }`) selects a log line, for the
 * forms the stacks write: `$.field` (dotted) compared with `=`, `!=`, `<`, `<=`, `>`, `>=` to a quoted string or a
 * number, joined by `&&` and `||`, in parentheses. Anything else throws, so a filter this cannot read fails its test
 * rather than passing it.
 */
export function jsonFilterMatches(pattern: string, line: string): boolean {
  const m = /^\{(.*)\}$/s.exec(pattern.trim())
  if (!m) throw new Error(`not a JSON filter pattern: ${pattern}`)
  const event = JSON.parse(line) as Record<string, unknown>
  const tokens = m[1].match(/\(|\)|&&|\|\||\$\.[\w.]+|!=|<=|>=|=|<|>|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|\S+/g) ?? []
  let i = 0
  const peek = () => tokens[i]
  const take = (expected?: string) => {
    const t = tokens[i++]
    if (t === undefined || (expected !== undefined && t !== expected)) throw new Error(`filter pattern: expected ${expected ?? 'more'} at "${t}" in ${pattern}`)
    return t
  }
  const valueAt = (path: string) => path.slice(2).split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), event)
  const comparison = (): boolean => {
    const field = take()
    if (!field.startsWith('$.')) throw new Error(`filter pattern: expected a $.field at "${field}" in ${pattern}`)
    const op = take()
    const raw = take()
    const actual = valueAt(field)
    if (raw.startsWith('"')) {
      const expected = JSON.parse(raw) as string
      if (op === '=') return actual === expected
      if (op === '!=') return actual !== expected
      throw new Error(`filter pattern: ${op} on a string in ${pattern}`)
    }
    const expected = Number(raw)
    if (Number.isNaN(expected)) throw new Error(`filter pattern: cannot read "${raw}" in ${pattern}`)
    if (typeof actual !== 'number') return false
    switch (op) {
      case '=': return actual === expected
      case '!=': return actual !== expected
      case '<': return actual < expected
      case '<=': return actual <= expected
      case '>': return actual > expected
      case '>=': return actual >= expected
      default: throw new Error(`filter pattern: unknown operator ${op} in ${pattern}`)
    }
  }
  const term = (): boolean => {
    if (peek() !== '(') return comparison()
    take('(')
    const v = either()
    take(')')
    return v
  }
  const both = (): boolean => {
    let v = term()
    while (peek() === '&&') {
      take()
      v = term() && v
    }
    return v
  }
  const either = (): boolean => {
    let v = both()
    while (peek() === '||') {
      take()
      v = both() || v
    }
    return v
  }
  const result = either()
  if (i !== tokens.length) throw new Error(`filter pattern: unread "${tokens.slice(i).join(' ')}" in ${pattern}`)
  return result
}
