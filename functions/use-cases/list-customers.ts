import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'

/** Customers for the admin list: no admins (by key), no archived profiles, optionally filtered by name, email or phone. */
export async function listCustomers({ profiles, search }: { profiles: Pick<ProfileRepository, 'listCustomers'>; search?: string }): Promise<Profile[]> {
  const all = await profiles.listCustomers()
  const needle = search?.trim().toLowerCase()
  if (!needle) return all
  const digits = needle.replace(/\D/g, '')
  return all.filter((p) => {
    const name = `${p.firstName} ${p.lastName}`.toLowerCase()
    if (name.includes(needle) || p.email.toLowerCase().includes(needle)) return true
    return digits.length >= 3 && (p.phone ?? '').replace(/\D/g, '').includes(digits)
  })
}
