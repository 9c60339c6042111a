import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ReadMail, readMail } from './mail-files';

export interface ReceivedMail extends ReadMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** RCPT TO commands seen, accepted or not: one per delivery attempt. */
  attempts: number;
  close(): Promise<void>;
}

export interface TestSmtpBehaviour {
  /** Port to listen on; 0 picks a free one. */
  port?: number;
  /** SMTP reply code to refuse the n-th recipient (1-based) with, or null to accept it. */
  rcptReply?: (attempt: number) => number | null;
  /** SMTP reply code to refuse the n-th message body with, or null to accept it. */
  dataReply?: (message: number) => number | null;
  /** Time the server takes to accept each message body. */
  dataDelayMs?: number;
}

function smtpError(code: number): Error {
  return Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
    responseCode: code,
  });
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it accepts, for tests. */
export async function startTestSmtpServer(behaviour: TestSmtpBehaviour = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let rcptCount = 0;
  let dataCount = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      rcptCount += 1;
      const code = behaviour.rcptReply?.(rcptCount) ?? null;
      callback(code ? smtpError(code) : null);
    },
    onData(stream, session, callback) {
      dataCount += 1;
      const count = dataCount;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          const code = behaviour.dataReply?.(count) ?? null;
          if (code) return callback(smtpError(code));
          const raw = Buffer.concat(chunks).toString('utf8');
          const mailFrom = session.envelope.mailFrom;
          received.push({
            ...readMail(raw),
            raw,
            envelopeFrom: mailFrom ? mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          });
          callback(null);
        }, behaviour.dataDelayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(behaviour.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    get attempts() {
      return rcptCount;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
