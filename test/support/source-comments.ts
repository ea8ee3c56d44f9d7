// The repository's own source comments, read without a parser (TypeScript 7 has no JS compiler API): for
// test/unit/comments.test.ts, which holds them to what stays true (no issue numbers, no paths that are gone).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** The folders whose code is checked, and the root files. */
export const SOURCE_ROOTS = ['shared', 'functions', 'infra', 'web/src', 'web/prerender', 'web/vite.config.ts', 'scripts', 'test', '.ci', 'vitest.config.ts', 'playwright.config.ts']
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'cdk.out', '.cdk', 'test-results', 'playwright-report'])

/** Every source file under SOURCE_ROOTS (and every script of .ci), repository-relative, sorted. */
export function sourceFiles(root: string): string[] {
  const out: string[] = []
  const visit = (rel: string) => {
    const abs = path.join(root, rel)
    if (!existsSync(abs)) return
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs)) if (!SKIPPED_DIRS.has(name)) visit(`${rel}/${name}`)
    } else if (SOURCE.test(rel) || rel.startsWith('.ci/')) out.push(rel)
  }
  for (const r of SOURCE_ROOTS) visit(r)
  return out.sort()
}

export interface Comment {
  /** 1-based line of the comment's start. */
  line: number
  /** Lines it spans (a run of `//` lines counts as one comment). */
  lines: number
  text: string
}

/** The comments of a file: a JS/TS(X) source's, or a shell script's (`# …` lines). */
export const commentsIn = (file: string, src: string): Comment[] => (SOURCE.test(file) ? commentsOf(src) : shellCommentsOf(src))

/** A shell script's comment lines (not the `#!` line). */
export function shellCommentsOf(src: string): Comment[] {
  return src.split('\n').flatMap((text, i) => (/^\s*#(?!!)/.test(text) ? [{ line: i + 1, lines: 1, text: text.replace(/^\s*#/, '') }] : []))
}

/**
 * The comments of a JS/TS(X) source. A small scanner: strings, template literals and regular expressions are
 * skipped, a quote or a regular expression never runs past its line (JSX text such as "don't" or `</div>` then
 * costs at most the rest of that line). Consecutive `//` lines are joined into one comment.
 */
export function commentsOf(src: string): Comment[] {
  const found: Comment[] = []
  let line = 1
  let i = 0
  // The last significant character outside comments: decides whether `/` starts a regular expression.
  let prev = ''
  let prevWord = ''
  const templateDepth: number[] = []
  let braces = 0
  const lineAt = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (src[k] === '\n') line++
  }
  const skipToLineEnd = (from: number, close: string) => {
    let k = from
    while (k < src.length && src[k] !== '\n') {
      if (src[k] === '\\') k += 2
      else if (src[k] === close) return k + 1
      else k++
    }
    return k
  }
  const regexCanStart = () => prev === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(prev) || /^(return|typeof|case|in|of|void|delete|throw|new|yield|await|else|do)$/.test(prevWord)
  while (i < src.length) {
    const c = src[i]
    const next = src[i + 1]
    if (c === '\n') {
      line++
      i++
    } else if (c === ' ' || c === '\t' || c === '\r') {
      i++
    } else if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i)
      const stop = end === -1 ? src.length : end
      const text = src.slice(i + 2, stop)
      const last = found[found.length - 1]
      // A `//` comment directly under another one (the line above) continues it.
      if (last && last.line + last.lines === line && (last as Comment & { slashes?: boolean }).slashes) {
        last.text += `\n${text}`
        last.lines++
      } else found.push(Object.assign({ line, lines: 1, text }, { slashes: true }))
      i = stop
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2)
      const stop = end === -1 ? src.length : end + 2
      const text = src.slice(i + 2, end === -1 ? src.length : end)
      const start = line
      lineAt(i, stop)
      found.push({ line: start, lines: line - start + 1, text })
      i = stop
    } else if (c === "'" || c === '"') {
      i = skipToLineEnd(i + 1, c)
      prev = c
      prevWord = ''
    } else if (c === '`') {
      i = template(i + 1)
      prev = '`'
      prevWord = ''
    } else if (c === '/' && prev !== '<' && regexCanStart()) {
      // A regular expression: up to its closing slash (outside a character class), on this line.
      let k = i + 1
      let inClass = false
      while (k < src.length && src[k] !== '\n') {
        if (src[k] === '\\') k += 2
        else if (src[k] === '[') (inClass = true), k++
        else if (src[k] === ']') (inClass = false), k++
        else if (src[k] === '/' && !inClass) {
          k++
          break
        } else k++
      }
      i = k
      prev = '/'
      prevWord = ''
    } else if (c === '}' && templateDepth.length && templateDepth[templateDepth.length - 1] === braces) {
      // The end of a template literal's ${…}: the literal goes on.
      templateDepth.pop()
      braces--
      i = template(i + 1)
      prev = '`'
      prevWord = ''
    } else {
      if (c === '{') braces++
      if (c === '}') braces--
      // A word (identifier, keyword, number) or one punctuation character; `/` after a word or `)` `]` divides.
      const word = /[\w$]/.test(c) ? /^[\w$]+/.exec(src.slice(i, i + 64))![0] : ''
      prevWord = word
      prev = word ? 'a' : c
      i += word ? word.length : 1
    }
  }
  return found.map(({ line: l, lines, text }) => ({ line: l, lines, text }))

  /** From just inside a template literal: to its end, or into a ${…} (then the scanner goes on in code). */
  function template(from: number): number {
    let k = from
    while (k < src.length) {
      const ch = src[k]
      if (ch === '\\') k += 2
      else if (ch === '`') {
        lineAt(from, k + 1)
        return k + 1
      } else if (ch === '$' && src[k + 1] === '{') {
        lineAt(from, k + 2)
        braces++
        templateDepth.push(braces)
        return k + 2
      } else k++
    }
    lineAt(from, k)
    return k
  }
}

/** An issue tracker's number ("issue" and a number, "issues" and numbers, with or without "#"). */
export const ISSUE_REFERENCE = /\bissues?\s*#?\d+/i

/** The top-level folders a comment may name a repository-relative path from. */
const TOP = ['shared', 'functions', 'infra', 'web', 'scripts', 'test', 'docs', '.ci']
/** Paths that exist only after a build or a run. */
const GENERATED = /^(web\/dist|cdk\.out|\.cdk|node_modules|test-results|playwright-report|\.local|\.bench|\.previews)(\/|$)/
const FILE_NAME = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|html|css)$/
/** Files a build or a running stack writes (a bundle's entry, the site kit, the SPA's runtime config); products (Node.js). */
const RUNTIME_FILES = /^((dist|prerendered|\.vite|\.site-kit)\/.*|index\.mjs|renderer\.mjs|site\.json|config\.json|manifest\.json|stack\.json|[A-Z]\w*\.js)$/

export interface NamedPath {
  written: string
  /** Repository-relative (a rooted or relative path), or the written tail of one (`entities/profile.ts`, `present.ts`). */
  resolved: string
  /** Rooted or relative: it must exist as written; otherwise some file of the repository must end with it. */
  exact: boolean
}

/**
 * The paths a comment names: `functions/api/present.ts`, `docs/api.md#payment`, `#functions/lib/http.ts`,
 * `test/infra`, `./<file>` and `../<file>` (from the file's folder), and file names with or without their folder
 * (`entities/profile.ts`, `present.ts`). Globs and placeholders (`*`, `<dir>`, `{a,b}`, an ellipsis) are not paths;
 * neither is a package (`@gs/shared/…`, `@/lib/…`), a URL or a URL's path (`/config.json`), nor a file that only a
 * build or a running stack writes (RUNTIME_FILES).
 */
export function pathsIn(comment: string, file: string): NamedPath[] {
  const out: NamedPath[] = []
  const re = /(?<![\w@/.\-:#])(#?[\w.\-]*\/?[\w./\-\[\]*{}<>…$]*[\w\]*}>$…])/g
  for (const m of comment.matchAll(re)) {
    let written = m[1].replace(/[.,;:)\]]+$/, '')
    if (written.startsWith('/')) continue
    const hash = written.indexOf('#', 1)
    if (hash > 0) written = written.slice(0, hash)
    if (/[*{}<>…$[\]]|\.\.\./.test(written.replace(/^\.\.?\//, '').replace(/\.\.\//g, ''))) continue
    let rel = written.startsWith('#') ? written.slice(1) : written
    const top = rel.split('/')[0]
    if (rel.startsWith('./') || rel.startsWith('../')) {
      if (!FILE_NAME.test(rel)) continue
      rel = path.posix.normalize(path.posix.join(path.posix.dirname(file), rel))
      out.push({ written, resolved: rel, exact: true })
    } else if (TOP.includes(top) && rel.includes('/')) {
      rel = rel.replace(/\/+$/, '')
      if (GENERATED.test(rel) || rel === top) continue
      out.push({ written, resolved: rel, exact: true })
    } else if (FILE_NAME.test(rel) && /^[\w.\-/]+$/.test(rel) && !GENERATED.test(rel) && !RUNTIME_FILES.test(rel)) {
      out.push({ written, resolved: rel, exact: false })
    }
  }
  return out
}

/** Every file and folder of the repository (not node_modules, not generated ones), repository-relative. */
export function repositoryPaths(root: string): Set<string> {
  const out = new Set<string>()
  const visit = (rel: string) => {
    for (const name of readdirSync(path.join(root, rel))) {
      if (name === 'node_modules' || name === '.git') continue
      const child = rel ? `${rel}/${name}` : name
      if (GENERATED.test(child)) continue
      out.add(child)
      if (statSync(path.join(root, child)).isDirectory()) visit(child)
    }
  }
  visit('')
  return out
}

/** Does a named path exist? Module paths may leave out their extension (`web/src/lib/auth/auth-client`). */
export function pathExists(named: NamedPath, all: Set<string>, tails: Set<string>): boolean {
  const candidates = [named.resolved, ...['.ts', '.tsx', '.mjs', '.js', '/index.ts'].map((e) => named.resolved + e)]
  if (named.exact) return candidates.some((c) => all.has(c))
  return tails.has(named.resolved)
}

/** Every tail of every path (`profile.ts`, `entities/profile.ts`, …), for file names written without their root. */
export function pathTails(all: Set<string>): Set<string> {
  const tails = new Set<string>()
  for (const p of all) {
    const parts = p.split('/')
    for (let k = 0; k < parts.length; k++) tails.add(parts.slice(k).join('/'))
  }
  return tails
}

/** Reads a file as the scanner sees it. */
export const readSource = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8')
