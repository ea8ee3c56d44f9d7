/** The firearm types of the A&D book's "type" column (27 CFR 478.125(e)) and their labels. */
export const FIREARM_TYPES = ['pistol', 'revolver', 'rifle', 'shotgun', 'receiver_frame', 'other'] as const
export type FirearmType = (typeof FIREARM_TYPES)[number]

const TYPE_LABELS: Record<FirearmType, string> = {
  pistol: 'Pistol',
  revolver: 'Revolver',
  rifle: 'Rifle',
  shotgun: 'Shotgun',
  receiver_frame: 'Receiver/Frame',
  other: 'Other',
}

export const firearmTypeLabel = (t: string | null | undefined): string => (t && TYPE_LABELS[t as FirearmType]) || ''
