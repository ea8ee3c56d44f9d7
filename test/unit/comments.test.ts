import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { commentsIn, commentsOf, ISSUE_REFERENCE, pathExists, pathsIn, pathTails, readSource, repositoryPaths, sourceFiles } from '../support/source-comments.ts'

/**
 * Comments that stay true: the code names no issue tracker numbers (not in comments, strings or test names), no
 * section of a document the repository does not hold, and only repository paths that exist. Longer explanations
 * belong in docs/. Reads every file once, no network, no git: deterministic and fast.
 */
const root = path.resolve(import.meta.dirname, '../..')
const files = sourceFiles(root)
const sources = new Map(files.map((f) => [f, readSource(root, f)]))
/** This file spells out what it looks for. */
const SELF = 'test/unit/comments.test.ts'

/** A spec section outside the repository: "admin-side §4", "customer-side §8", "both specs §9", "§ 4.2" (an RFC's is fine). */
const EXTERNAL_SECTION = /(?<!RFC \d+ )§\s?\d|\b[Cc]ustomer-side(\.md|\s*§)|\b[Aa]dmin-side(\.md|\s*§)|\b[Bb]oth specs\b|(?<![\w/])(ARCHITECTURE|TOOLCHAIN)\.md/

/**
 * Files being rewritten elsewhere that still carry a finding of the kind named: left out until they are cleaned,
 * and each must still have it (a cleaned file fails here until its line goes).
 */
const PENDING: Record<string, Array<'issue' | 'path' | 'section'>> = {
  'scripts/lib/bench-lighthouse.ts': ['issue', 'path', 'section'],
}

interface Finding {
  file: string
  line: number
  kind: 'issue' | 'path' | 'section'
  what: string
}

function findings(): Finding[] {
  const all = repositoryPaths(root)
  const tails = pathTails(all)
  const out: Finding[] = []
  for (const [file, src] of sources) {
    if (file === SELF) continue
    src.split('\n').forEach((text, i) => {
      const m = ISSUE_REFERENCE.exec(text)
      if (m) out.push({ file, line: i + 1, kind: 'issue', what: m[0] })
    })
    for (const c of commentsIn(file, src)) {
      const section = EXTERNAL_SECTION.exec(c.text)
      if (section) out.push({ file, line: c.line, kind: 'section', what: section[0] })
      for (const named of pathsIn(c.text, file)) if (!pathExists(named, all, tails)) out.push({ file, line: c.line, kind: 'path', what: named.written })
    }
  }
  return out
}

const found = findings()
const shown = (list: Finding[]) => list.map((f) => `${f.file}:${f.line} ${f.kind} ${f.what}`)

describe('comments that stay true', () => {
  it('reads the repository: every workspace, its tests and scripts', () => {
    expect(files.length).toBeGreaterThan(500)
    for (const dir of ['shared/src/', 'functions/', 'infra/', 'web/src/', 'web/prerender/', 'scripts/', 'test/', '.ci/']) expect(files.some((f) => f.startsWith(dir)), dir).toBe(true)
    // The scanner finds comments, and nothing in a string: a path in a string is code, not a comment.
    expect(commentsOf("const a = '// not a comment' // one\n/* two\n */ const b = `/* not ${'one'} */`").map((c) => c.text.trim())).toEqual(['one', 'two'])
  })

  it('no issue numbers, no sections of documents outside the repository, no paths that do not exist', () => {
    expect(shown(found.filter((f) => !PENDING[f.file]?.includes(f.kind)))).toEqual([])
  })

  it('each file left out still has what it was left out for', () => {
    const stale = Object.entries(PENDING).flatMap(([file, kinds]) => kinds.filter((k) => !found.some((f) => f.file === file && f.kind === k)).map((k) => `${file} ${k}`))
    expect(stale, 'cleaned: remove these from PENDING').toEqual([])
  })

  it('recognizes what it looks for', () => {
    for (const s of ['(issue 19)', 'Issue 17, item 5', 'issues 14 and 19', 'issue #7']) expect(ISSUE_REFERENCE.test(s), s).toBe(true)
    for (const s of ['zod issues', 'result.error.issues[0]', 'Refund issued']) expect(ISSUE_REFERENCE.test(s), s).toBe(false)
    for (const s of ['(admin-side §3)', 'customer-side.md', 'both specs', '§ 4.2']) expect(EXTERNAL_SECTION.test(s), s).toBe(true)
    expect(EXTERNAL_SECTION.test('RFC 9112 §6.3')).toBe(false)
    const named = (comment: string, file = 'functions/api/x.ts') => pathsIn(comment, file).map((p) => p.resolved)
    expect(named('see functions/api/present.ts, docs/api.md#payment and #functions/lib/http.ts.')).toEqual(['functions/api/present.ts', 'docs/api.md', 'functions/lib/http.ts'])
    expect(named('from ./present.ts and ../lib/env.ts')).toEqual(['functions/api/present.ts', 'functions/lib/env.ts'])
    expect(named('test/unit/*.test.ts, dist/prerendered/<path>/index.html, @gs/shared/api-types, https://example.com/docs/a.md, /config.json')).toEqual([])
  })
})
