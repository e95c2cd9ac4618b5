import { z } from 'zod';
import { text } from './text';

/** The servlet's M=1 form. */
export const loginFormSchema = z.object({
  M: z.literal('1'),
  username: text('name'),
  password: text('secret'),
  captcha: text('text'),
});

export const sendRecoveryCodeSchema = z.object({ username: text('name') });
export const resetPasswordSchema = z.object({
  username: text('name'),
  verificationCode: text('code'),
  newPassword: text('secret'),
});
export const changePasswordSchema = z.object({ oldPassword: text('secret'), newPassword: text('secret') });
