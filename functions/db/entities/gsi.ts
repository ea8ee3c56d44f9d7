/** An index of the table (table-schema.ts): `gsi<n>pk` / `gsi<n>sk` over these attributes (a helper: the entities are in every function's cold start). */
export const gsi = <const N extends number, const P extends readonly string[], const S extends readonly string[]>(n: N, pk: P, sk: S) =>
  ({ index: `gsi${n}`, pk: { field: `gsi${n}pk`, composite: pk }, sk: { field: `gsi${n}sk`, composite: sk } }) as { index: `gsi${N}`; pk: { field: `gsi${N}pk`; composite: P }; sk: { field: `gsi${N}sk`; composite: S } }
