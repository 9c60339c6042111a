import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { freePort } from './private-postgres';

const run = promisify(execFile);

/** The committed configuration (deploy/nginx/simchahub.conf): tests and benchmarks run exactly it. */
export const NGINX_TEMPLATE = path.resolve('deploy/nginx/simchahub.conf');

/** The nginx binary, or null when nginx is not installed. */
export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Whether the openssl command is there (startNginx makes its certificate with it). */
export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface NginxValues {
  serverName: string;
  httpPort: number;
  httpsPort: number;
  certificate: string;
  certificateKey: string;
  /** The app servers as host:port: the template's first `server {{APP_SERVER_n}}` line, once each. */
  appServers: string[];
}

/**
 * The template with its placeholders filled in. The upstream's `server {{APP_SERVER_n}} ...` lines
 * become one line per given server, written like the first of them.
 */
export function renderNginxConfig(template: string, values: NginxValues): string {
  const lines = template.split('\n');
  const serverLine = /^(\s*)server \{\{APP_SERVER_\d+\}\}(.*)$/;
  const first = lines.findIndex((line) => serverLine.test(line));
  if (first < 0) throw new Error('the nginx template has no `server {{APP_SERVER_1}}` line');
  const [, indent, rest] = serverLine.exec(lines[first] as string) as RegExpExecArray;
  const upstream = values.appServers.map((address) => `${indent}server ${address}${rest}`);
  const out = lines.flatMap((line, i) => {
    if (i === first) return upstream;
    return serverLine.test(line) ? [] : [line];
  });
  const filled = out
    .join('\n')
    .replaceAll('{{SERVER_NAME}}', values.serverName)
    .replaceAll('{{HTTP_PORT}}', String(values.httpPort))
    .replaceAll('{{HTTPS_PORT}}', String(values.httpsPort))
    .replaceAll('{{TLS_CERTIFICATE}}', values.certificate)
    .replaceAll('{{TLS_CERTIFICATE_KEY}}', values.certificateKey);
  // Only comments may still name a placeholder.
  const left = filled
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n')
    .match(/\{\{[A-Z_0-9]+\}\}/);
  if (left) throw new Error(`the nginx template has a placeholder nothing fills: ${left[0]}`);
  return filled;
}

export interface RunningNginx {
  child: ChildProcess;
  httpsPort: number;
  /** https://127.0.0.1:<port> */
  baseUrl: string;
  dir: string;
  /** The access log: one JSON object a line (see ACCESS_LOG_FORMAT). */
  accessLog(): Promise<AccessLogLine[]>;
  output(): string;
  stop(): Promise<void>;
}

/** What the test's access log records of each request. */
export interface AccessLogLine {
  remote: string;
  request: string;
  status: number;
  protocol: string;
  upstream: string;
  /** The X-Test-Tag request header, which a test sets to find its requests again. */
  tag: string;
}

const ACCESS_LOG_FORMAT = `log_format simchahub_test escape=json '{"remote":"$remote_addr","request":"$request","status":$status,"protocol":"$server_protocol","upstream":"$upstream_addr","tag":"$http_x_test_tag"}';`;

/**
 * nginx in the foreground on the committed configuration, with a self-signed certificate for
 * 127.0.0.1 and every path (pid, logs, temporary files) in a directory of its own. The main file
 * around the template is the test's: Debian's /etc/nginx/nginx.conf is not read.
 */
export async function startNginx(options: {
  appServers: string[];
  /** Chosen here when not given (the app servers may need it first, for APP_URL). */
  httpsPort?: number;
  workers?: number;
  workerConnections?: number;
}): Promise<RunningNginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-nginx-'));
  const certificate = path.join(dir, 'cert.pem');
  const certificateKey = path.join(dir, 'key.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,IP:127.0.0.2,DNS:localhost',
    '-keyout',
    certificateKey,
    '-out',
    certificate,
  ]);
  const httpPort = await freePort();
  const httpsPort = options.httpsPort ?? (await freePort());
  const site = renderNginxConfig(await readFile(NGINX_TEMPLATE, 'utf8'), {
    serverName: '127.0.0.1 localhost',
    httpPort,
    httpsPort,
    certificate,
    certificateKey,
    appServers: options.appServers,
  });
  await writeFile(path.join(dir, 'simchahub.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, `${name}-temp`)};`;
  const main = [
    'daemon off;',
    'master_process on;',
    // As root (CI), the workers would otherwise be nobody, who cannot enter this private directory.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `worker_processes ${options.workers ?? 1};`,
    'worker_rlimit_nofile 16384;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    `events { worker_connections ${options.workerConnections ?? 1024}; }`,
    'http {',
    ACCESS_LOG_FORMAT,
    `access_log ${path.join(dir, 'access.log')} simchahub_test;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
    `include ${path.join(dir, 'simchahub.conf')};`,
    '}',
    '',
  ].join('\n');
  const mainFile = path.join(dir, 'nginx.conf');
  await writeFile(mainFile, main);
  // -e: the start-up's own error log, before the configuration names one.
  const args = ['-p', dir, '-c', mainFile, '-e', path.join(dir, 'error.log')];
  await run(binary, [...args, '-t']).catch((error: { stderr?: string }) => {
    throw new Error(`nginx -t refused the configuration:\n${error.stderr ?? error}`);
  });
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => text;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // QUIT: let the workers finish; streams still open are cut after a second.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGTERM'), 1000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx exited with ${child.exitCode}:\n${text}\n${log}`);
    }
    if (await tlsAccepts(httpsPort)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen on ${httpsPort}:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    httpsPort,
    baseUrl: `https://127.0.0.1:${httpsPort}`,
    dir,
    output,
    stop,
    accessLog: async () =>
      (await readFile(path.join(dir, 'access.log'), 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AccessLogLine),
  };
}

function tlsAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
