import type { MailDraft } from './mail';

/**
 * The e-mails the app sends (better-auth's, auth.ts, and the decisions on requests to join): short, in the app's
 * words, each with one link built from BASE_URL. Each is a draft the mailer writes with the shop's name of the
 * moment (the Settings tab's Shop name): subject, heading, text and signature say it.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface MailWords {
  subject: string;
  lines: string[];
  action: { label: string; url: string };
  footer: string;
}

/** A draft: `words` for the shop's name, laid out as plain text and as the same words in simple HTML. */
const branded =
  (to: string, words: (shop: string) => MailWords): MailDraft =>
  (shop) => {
    const { subject, lines, action, footer } = words(shop);
    const text = [...lines, '', `${action.label}: ${action.url}`, '', footer, '', `— ${shop}`].join('\n');
    const paragraphs = lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('');
    const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#0b0b12;color:#ece9f5;font-family:system-ui,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:480px;margin:0 auto;background:#161622;border:1px solid #2a2a3a;border-radius:16px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#b794f6">${escapeHtml(shop)}</p>${paragraphs}
<p style="margin:20px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#8b5cf6;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:12px">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#a19db3">${escapeHtml(footer)}</p></div></body></html>`;
    return { to, subject, text, html };
  };

export function passwordResetMail(to: string, url: string): MailDraft {
  return branded(to, (shop) => ({
    subject: `Reset your password for ${shop}`,
    lines: [
      `Someone asked to reset the password of your account at ${shop}.`,
      'The link works once, for 1 hour.',
    ],
    action: { label: 'Choose a new password', url },
    footer: 'If it was not you, ignore this e-mail: your password stays as it is.',
  }));
}

export function verifyEmailMail(to: string, url: string): MailDraft {
  return branded(to, (shop) => ({
    subject: `Confirm your e-mail for ${shop}`,
    lines: [`Welcome to ${shop}. Confirm that this is your e-mail address.`, 'The link works for 24 hours.'],
    action: { label: 'Confirm my e-mail', url },
    footer: `If you did not join ${shop}, ignore this e-mail.`,
  }));
}

export function changeEmailMail(to: string, url: string): MailDraft {
  return branded(to, (shop) => ({
    subject: `Confirm your new e-mail for ${shop}`,
    lines: [
      `You asked to sign in to ${shop} with this e-mail address from now on.`,
      'It takes effect when you open the link, within 24 hours.',
    ],
    action: { label: 'Use this e-mail', url },
    footer: 'If you did not ask for this, ignore this e-mail: nothing changes.',
  }));
}

/** Under staff approval: the member's request to join was approved. */
export function joinApprovedMail(to: string, url: string): MailDraft {
  return branded(to, (shop) => ({
    subject: `Welcome to ${shop}: your request was approved`,
    lines: [
      `Staff have approved your request to join ${shop}.`,
      'Sign in to browse the menu and meet the community.',
    ],
    action: { label: `Open ${shop}`, url },
    footer: `You are receiving this because you asked to join ${shop}.`,
  }));
}

/** Under staff approval: the member's request was declined, with staff's reason and when they may ask again. */
export function joinDeclinedMail(to: string, reason: string, askAgainOn: string, url: string): MailDraft {
  return branded(to, (shop) => ({
    subject: `Your request to join ${shop}`,
    lines: [
      `Staff have declined your request to join ${shop}.`,
      `Their reason: ${reason}`,
      `You may ask again from ${askAgainOn}. If you do not, your phone, address and Telegram are erased then.`,
    ],
    action: { label: `Sign in to ${shop}`, url },
    footer: `You are receiving this because you asked to join ${shop}.`,
  }));
}
