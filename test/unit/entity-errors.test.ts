import { describe, expect, it } from 'vitest'
import { profileEntity } from '../../functions/db/entities/profile.ts'
import { isCursorError } from '../../functions/db/cursor.ts'
import { isConditionalFailure } from '../../functions/db/conditions.ts'
import type { TableConfig } from '../../functions/db/table.ts'

/** A client that refuses every command as DynamoDB would, with the error's name and message. */
function refusing(name: string, message: string): TableConfig['client'] {
  const send = async () => {
    throw Object.assign(new Error(message), { name, $metadata: { httpStatusCode: 400 } })
  }
  return { send } as unknown as TableConfig['client']
}

describe('errors of the entities built by cachedEntity (entities/cache.ts)', () => {
  it("wrap a read refusal in ElectroDB's error, which the cursor check still recognizes", async () => {
    const profiles = profileEntity({ table: 'T', client: refusing('ValidationException', 'The provided starting key is invalid') })
    const got = await profiles.get({ userId: 'u1' }).go().catch((e: unknown) => e)
    expect(got).toMatchObject({ name: 'ElectroError', cause: { name: 'ValidationException', message: 'The provided starting key is invalid' } })
    const queried = await profiles.query.byEmail({ emailKey: 'a@b.c' }).go({ limit: 1 }).catch((e: unknown) => e)
    expect(queried).toMatchObject({ name: 'ElectroError', cause: { name: 'ValidationException' } })
    expect(isCursorError(queried)).toBe(true)
    expect(isCursorError(Object.assign(new Error('socket hang up'), { name: 'ElectroError' }))).toBe(false)
  })

  it("wrap a write refusal too, which the condition check still recognizes", async () => {
    const profiles = profileEntity({ table: 'T2', client: refusing('ConditionalCheckFailedException', 'The conditional request failed') })
    const err = await profiles.patch({ userId: 'u1' }).set({ firstName: 'A' }).go().catch((e: unknown) => e)
    expect(err).toMatchObject({ name: 'ElectroError', cause: { name: 'ConditionalCheckFailedException' } })
    expect(isConditionalFailure(err)).toBe(true)
  })
})
