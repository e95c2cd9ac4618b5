import type { ServerConfig } from '../config';
import { sendMail } from '../mail/mailer';

/**
 * A user added to a community has no password: this mail tells them how to choose
 * one through password recovery, whose rules (mailed code, 15 minutes, strength at
 * least Good) then apply unchanged and prove that the address is theirs.
 */
export async function sendWelcomeMail(
  config: ServerConfig,
  user: { email: string; username: string; firstName: string },
  portalUrl: string,
): Promise<void> {
  await sendMail(config, {
    to: user.email,
    subject: 'Your procurement portal account',
    text:
      `Hello ${user.firstName},\n\n` +
      `An account has been created for you on the procurement portal (${portalUrl}).\n` +
      `Your username is ${user.username}\n\n` +
      'To choose your first password: open the portal, enter your username, choose Forgot Password and Submit.\n' +
      'We will mail you a verification code; enter it with your new password within 15 minutes, then sign in.\n',
  });
}
