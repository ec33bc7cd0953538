import type { AddressInfo } from 'node:net';
import hoodiecrow from 'hoodiecrow-imap';

/** A real IMAP server (hoodiecrow, in memory) on a free loopback port, for the bounce mailbox tests. */
export interface ImapTestServer {
  host: string;
  port: number;
  user: string;
  pass: string;
  /** Appends a raw message to a folder (INBOX by default) as a mail server would; answers its UID. */
  deliver(raw: string, folder?: string): number;
  /** The flags of a message, by UID. */
  flagsOf(uid: number, folder?: string): string[];
  /** How many messages a folder holds (nothing is ever deleted by the reader). */
  count(folder?: string): number;
  /** LOGIN attempts so far, right or wrong. */
  logins: number;
  close(): Promise<void>;
}

interface HoodiecrowMessage {
  uid: number;
  flags: string[];
}
interface HoodiecrowServer {
  listen(port: number, host: string, callback: () => void): void;
  close(callback: () => void): void;
  server: { address(): AddressInfo };
  appendMessage(folder: string, flags: string[], date: Date, raw: string): { message: HoodiecrowMessage };
  getMailbox(folder: string): { messages: HoodiecrowMessage[] };
  on(event: string, listener: (...args: unknown[]) => void): void;
}

export async function startImapServer(
  options: { user?: string; pass?: string; folders?: string[] } = {},
): Promise<ImapTestServer> {
  const user = options.user ?? 'bounces@agency.test';
  const pass = options.pass ?? 'imap-pass-1';
  const folders = Object.fromEntries((options.folders ?? []).map((name) => [name, {}]));
  let logins = 0;
  const server = hoodiecrow({
    users: { [user]: { password: pass } },
    plugins: [
      'ID',
      'UNSELECT',
      (imap: {
        getCommandHandler(name: string): unknown;
        setCommandHandler(name: string, handler: unknown): void;
      }) => {
        const login = imap.getCommandHandler('LOGIN') as (...args: unknown[]) => unknown;
        imap.setCommandHandler('LOGIN', (...args: unknown[]) => {
          logins += 1;
          return login(...args);
        });
      },
    ],
    storage: { INBOX: {}, '': { separator: '/', folders } },
  }) as HoodiecrowServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    host: '127.0.0.1',
    port,
    user,
    pass,
    deliver: (raw, folder = 'INBOX') => server.appendMessage(folder, [], new Date(), raw).message.uid,
    flagsOf: (uid, folder = 'INBOX') =>
      server.getMailbox(folder).messages.find((message) => message.uid === uid)?.flags ?? [],
    count: (folder = 'INBOX') => server.getMailbox(folder).messages.length,
    get logins() {
      return logins;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
