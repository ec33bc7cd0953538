import fs from 'node:fs';
import path from 'node:path';
import type { ReceivedMail } from '../../support/smtp-sink';

/** The test SMTP server global-setup started (the app may send to it: ALLOW_PRIVATE_SMTP). */
export function testSmtp(): { host: string; port: number; user: string; pass: string } {
  return JSON.parse(process.env.E2E_SMTP!);
}

/** Every message the test SMTP server has received so far that matches, oldest first. */
export function receivedMails(match: (mail: ReceivedMail) => boolean): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail)
    .filter(match);
}

/** Waits for a message the test SMTP server received (written as JSON by global-setup's sink). */
export async function receivedMail(
  match: (mail: ReceivedMail) => boolean,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail;
      if (match(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error('no matching e-mail arrived');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return found;
}
