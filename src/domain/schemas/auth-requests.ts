import { z } from 'zod';
import { text } from './text';

export const sendRecoveryCodeSchema = z.object({ username: text('name') });
export const resetPasswordSchema = z.object({
  username: text('name'),
  verificationCode: text('code'),
  newPassword: text('secret'),
});
export const changePasswordSchema = z.object({ oldPassword: text('secret'), newPassword: text('secret') });
