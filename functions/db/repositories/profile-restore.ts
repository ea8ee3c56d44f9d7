import type { EntityItem } from 'electrodb'
import { isConditionalFailure } from '../conditions.ts'
import { profileEntity } from '../entities/profile.ts'
import type { TableConfig } from '../table.ts'
import { toProfile, type Profile } from './profiles.ts'
import type { AuditEvent } from '#functions/domain/audit.ts'
import { writeAudited } from './audited-write.ts'

/**
 * Undoes ProfileRepository.archiveProfile: the profile is active and listed again (the archive date goes, and with it
 * the profile's place in the archived list).
 * Null when there is no profile. Its own module, not a method of the profile repository: only the restore
 * route needs it, and the repository is on the cold path of the heaviest admin route.
 */
export async function restoreProfile({ table, client }: TableConfig, id: string, audit?: AuditEvent): Promise<Profile | null> {
  try {
    const profiles = profileEntity({ table, client })
    const op = profiles
      .patch({ userId: id })
      .set({ isArchived: false, isActive: true })
      // Out of the archived index (entities/profile.ts byArchived) with its keys.
      .remove(['archivedAt', 'archivedList'])
    if (audit) {
      // With the staff audit record, in one transaction; the profile as written is read back.
      await writeAudited({ table, client }, op, 'Update', [audit])
      const { data: written } = await profiles.get({ userId: id }).go({ consistent: true })
      return written ? toProfile(written) : null
    }
    const { data } = await op.go({ response: 'all_new' })
    return toProfile(data as EntityItem<ReturnType<typeof profileEntity>>)
  } catch (err) {
    if (isConditionalFailure(err)) return null
    throw err
  }
}
