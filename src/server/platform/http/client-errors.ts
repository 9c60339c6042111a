/**
 * Errors Fastify and its plugins raise before a route runs (body parsing, content types, multipart
 * streams) that are the sender's fault: each keeps its 4xx status with a sentence saying what was
 * wrong with the request, so none of them reaches anyone as a 500.
 */

export interface ClientError {
  status: number;
  code: string;
  message: string;
}

/** Error codes of the REST body for each client status, in tRPC's words where it has them. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  406: 'NOT_ACCEPTABLE',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  411: 'LENGTH_REQUIRED',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
};

/** Clearer words than the library's for the failures people meet most. */
const MESSAGE_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty although its Content-Type says JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'Unsupported Content-Type: send application/json (multipart/form-data for uploads)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the request body',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The upload must be sent as multipart/form-data',
  FST_PROTO_VIOLATION: 'A multipart field may not be named __proto__ or constructor',
  FST_MP_PREMATURE_CLOSE: 'The upload ended before its multipart body was complete',
};

/** Thrown from inside the multipart parser: a body that is not well-formed multipart/form-data. */
function isMultipartParseError(error: Error): boolean {
  return /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '');
}

/** The request's own fault as status, code and message; null when the fault is the server's. */
export function clientErrorOf(error: unknown): ClientError | null {
  if (!(error instanceof Error)) return null;
  const { statusCode, code } = error as Error & { statusCode?: unknown; code?: unknown };
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return {
      status: statusCode,
      code: CODE_BY_STATUS[statusCode] ?? 'BAD_REQUEST',
      message: (typeof code === 'string' ? MESSAGE_BY_FASTIFY_CODE[code] : undefined) ?? error.message,
    };
  }
  if (statusCode === undefined && isMultipartParseError(error)) {
    return { status: 400, code: 'BAD_REQUEST', message: `Malformed multipart body: ${error.message}` };
  }
  return null;
}
