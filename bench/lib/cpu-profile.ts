/**
 * A V8 CPU profile (node --cpu-prof) reduced to where the time went: self time grouped by package
 * (node_modules/<package>, the app's own sources, Node's internals, garbage collection) and the
 * functions with the most self time, as a short Markdown table.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled time, ms, idle excluded. */
  busyMs: number;
  idleMs: number;
  packages: { name: string; ms: number; share: number }[];
  functions: { name: string; where: string; ms: number; share: number }[];
}

/**
 * Native functions that write to a socket. The profiler samples by wall-clock time: on a host with
 * more runnable work than cores, a process that wakes its reader with a write is often taken off the
 * core right there, and the wait lands on these functions. They are shown apart for that reason.
 */
const SOCKET_WRITES = new Set([
  'writev',
  'writeBuffer',
  'writeLatin1String',
  'writeUtf8String',
  'writeAsciiString',
]);

function packageOf(url: string, functionName: string): string {
  if (!url && SOCKET_WRITES.has(functionName)) return 'socket writes (and waits for a core)';
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(program)') return 'V8/native (program)';
    if (functionName === '(idle)') return '(idle)';
    return 'V8/native';
  }
  if (url.startsWith('node:')) return 'node internals';
  const inModules = url.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const rest = url.slice(inModules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.includes('/dist/server/')) return 'app (dist/server)';
  const src = url.indexOf('/src/');
  if (src >= 0)
    return `app ${url
      .slice(src + 1)
      .split('/')
      .slice(0, 3)
      .join('/')}`;
  const bench = url.indexOf('/bench/');
  if (bench >= 0) return `bench ${url.slice(bench + 1)}`;
  return url;
}

function shortWhere(url: string, line: number): string {
  const inModules = url.lastIndexOf('/node_modules/');
  const tail =
    inModules >= 0
      ? url.slice(inModules + '/node_modules/'.length)
      : url.replace(/^.*\/(src|bench)\//, '$1/');
  return url ? `${tail}:${line + 1}` : '';
}

/**
 * `window`, in µs of the monotonic clock (process.hrtime, which V8's profiler also reads, in every
 * process of the machine), keeps the samples taken within it: the measured run, without start-up.
 */
export function summarizeProfile(
  file: string,
  top = 15,
  window?: { fromUs: number; toUs: number },
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number;
    at += profile.timeDeltas[i] ?? 0;
    // timeDeltas[i + 1] is the time until the next sample: charged to this one.
    const delta = profile.timeDeltas[i + 1] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  }
  let idle = 0;
  let busy = 0;
  const packages = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; us: number }>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg = packageOf(url, functionName);
    if (pkg === '(idle)') {
      idle += us;
      continue;
    }
    busy += us;
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
    const where = shortWhere(url, lineNumber);
    const key = `${functionName}@${where}`;
    const entry = functions.get(key) ?? { name: functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    functions.set(key, entry);
  }
  const round = (us: number) => Math.round(us / 100) / 10;
  const share = (us: number) => Math.round((us / busy) * 1000) / 10;
  return {
    busyMs: round(busy),
    idleMs: round(idle),
    packages: [...packages]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ name, ms: round(us), share: share(us) })),
    functions: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, ms: round(f.us), share: share(f.us) })),
  };
}

export function profileMarkdown(
  title: string,
  summary: ProfileSummary,
  requests: number,
  packageRows = 14,
): string {
  const perRequest =
    requests > 0
      ? ` (${((summary.busyMs * 1000) / requests).toFixed(0)} µs a request over ${requests} requests)`
      : '';
  const lines = [
    `### ${title}`,
    '',
    `Busy ${(summary.busyMs / 1000).toFixed(2)} s, idle ${(summary.idleMs / 1000).toFixed(2)} s${perRequest}.`,
    '',
    '| self time by package | ms | share |',
    '|---|---:|---:|',
    ...summary.packages.slice(0, packageRows).map((p) => `| ${p.name} | ${p.ms} | ${p.share}% |`),
    '',
    '| function | where | ms | share |',
    '|---|---|---:|---:|',
    ...summary.functions.map(
      (f) => `| ${f.name.replace(/\|/g, '\\|')} | ${f.where} | ${f.ms} | ${f.share}% |`,
    ),
    '',
  ];
  return lines.join('\n');
}
