import type { Mail } from '../mail/outbox';

export function resetPasswordMail(name: string, email: string, url: string): Mail {
  return {
    to: email,
    subject: 'Reset your TalentForge password',
    text: [
      `Hello ${name},`,
      '',
      'Someone asked to reset the password of your TalentForge account.',
      'Open this link within one hour to choose a new password:',
      '',
      url,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}
