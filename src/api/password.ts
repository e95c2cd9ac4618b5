import * as z from 'zod/mini';
import type { changePasswordSchema, resetPasswordSchema, sendRecoveryCodeSchema } from '../domain/schemas/auth-requests';
import { apiUrl } from './endpoint';
import { request } from './request';

export async function sendRecoveryCode(body: z.infer<typeof sendRecoveryCodeSchema>): Promise<void> {
  await request('POST', apiUrl('/login/actions/sendRecoveryCode'), { schema: z.unknown(), json: body });
}

export async function resetPassword(body: z.infer<typeof resetPasswordSchema>): Promise<void> {
  await request('POST', apiUrl('/login/actions/resetPassword'), { schema: z.unknown(), json: body });
}

export async function changePassword(orgId: string, body: z.infer<typeof changePasswordSchema>): Promise<void> {
  const path = `/org/${encodeURIComponent(orgId)}/user/actions/changePassword`;
  await request('PUT', apiUrl(path), { schema: z.unknown(), json: body });
}
