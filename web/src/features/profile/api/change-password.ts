import type { ChangePasswordValues } from '@gs/shared/schemas/auth';
import { api } from '@/lib/api-client';

/** POST /api/me/password: the password changes at Cognito and every session of the person ends, this one too (204). */
export function changeMyPassword(input: ChangePasswordValues): Promise<void> {
  return api.post<void>('/me/password', input);
}
