import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Types worth compressing: text, JSON, JavaScript, XML and SVG. Never an event stream (each event
 * must reach the client as it is written, and a compressor holds bytes back until its block fills),
 * nor images, PDFs or other files that are compressed already.
 */
export function isCompressibleType(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  );
}

/**
 * Adds accept-encoding to Vary once, keeping what is there (Cookie on attachments, for one). Written
 * in lower case, as @fastify/compress looks for it, so that it does not add a second one.
 */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (value === '') {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const names = value.split(',').map((n) => n.trim().toLowerCase());
  if (names.includes('*') || names.includes('accept-encoding')) return;
  reply.header('vary', `${value}, accept-encoding`);
}

/**
 * Brotli or gzip for every compressible answer, chosen by the request's Accept-Encoding (brotli
 * first at quality 4, which costs about what gzip does at its default). Answers under 1 KB go as
 * they are. Routes that stream events or send stored files opt out with `compress: false`; the
 * built web app's files are compressed at build time and served as they are (http/static.ts).
 */
async function compression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: isCompressibleType,
    threshold: 1024,
    // Request bodies stay plain: nothing of ours sends them compressed, and a small compressed body
    // would otherwise expand to the body limit before anything refused it.
    globalDecompression: false,
  });

  // A cache between us and the browser must keep the brotli, gzip and plain answers apart, also for
  // answers that went plain because the client asked for no encoding or the answer was small.
  app.addHook('onSend', async (_req, reply, payload) => {
    // tRPC hands Fastify a fetch Response, whose headers reach the reply only later.
    const type =
      payload instanceof Response ? payload.headers.get('content-type') : reply.getHeader('content-type');
    if (typeof type === 'string' && isCompressibleType(type)) varyOnAcceptEncoding(reply);
    return payload;
  });
}

export const compressionPlugin = fp(compression, { name: 'simchahub-compression' });
