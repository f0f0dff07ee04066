import { expect, type APIRequestContext } from '@playwright/test';

/** The devstack's Mailpit (devstack/mailpit.go): its REST API reads what notification-svc mailed. */
export const MAILPIT = process.env.E2E_MAILPIT_URL ?? 'http://localhost:8025';

export interface MailSummary {
  ID: string;
  Subject: string;
  To: { Address: string }[];
}

/** The mails to `to` (newest first), optionally only those with `subject`. */
export async function mailsTo(request: APIRequestContext, to: string, subject?: string): Promise<MailSummary[]> {
  const res = await request.get(`${MAILPIT}/api/v1/search`, { params: { query: `to:"${to}"`, limit: '50' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { messages: MailSummary[] | null };
  return (body.messages ?? []).filter((m) => subject === undefined || m.Subject === subject);
}

/** Waits for a mail to `to` with `subject` and returns its plain-text body. */
export async function awaitMail(request: APIRequestContext, to: string, subject: string): Promise<string> {
  let id = '';
  await expect
    .poll(async () => {
      id = (await mailsTo(request, to, subject))[0]?.ID ?? '';
      return id;
    }, { timeout: 20_000, message: `mail "${subject}" to ${to}` })
    .not.toBe('');
  const res = await request.get(`${MAILPIT}/api/v1/message/${id}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { Text: string }).Text;
}

/** The path and query of the web app's link in a mail's text (`/verify-email?token=…`). */
export function linkIn(text: string, page: 'verify-email' | 'reset-password'): string {
  const m = text.match(new RegExp(`https?://[^\\s/]+(/${page}\\?token=[A-Za-z0-9_-]+)`));
  expect(m, `a /${page} link in:\n${text}`).toBeTruthy();
  return (m as RegExpMatchArray)[1];
}
