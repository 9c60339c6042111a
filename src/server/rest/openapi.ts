import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { PRODUCT_NAME } from '../../shared/constants';
import { SESSION_COOKIE } from '../auth/sessions';
import type { SchemaCheck } from '../trpc/checked-once';
import { sessionRequired } from '../trpc/init';
import { pathParams, procedureAt } from './plugin';
import { restRoutes } from './routes';

const errorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'BAD_REQUEST' }),
      message: z.string(),
      issues: z
        .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
        .optional(),
    }),
  })
  .meta({ id: 'Error' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

const retryAfterHeader = z
  .string()
  .meta({ description: 'Seconds to wait before trying again', example: '60' });

const tooManyRequests = {
  ...errorResponse('Too many requests; Retry-After says when to try again'),
  headers: z.object({ 'Retry-After': retryAfterHeader }),
};

/** The HttpOnly cookie that sign-in sets; every operation that needs a signed-in user names it. */
const SESSION_SCHEME = 'sessionCookie';
const needsSession: Record<string, string[]>[] = [{ [SESSION_SCHEME]: [] }];
/** Works for visitors; a session, when present, may change the answer (contact details, ...). */
const sessionOptional: Record<string, string[]>[] = [{}, { [SESSION_SCHEME]: [] }];

const commonErrors = {
  400: errorResponse('Invalid input; `issues` lists each problem'),
  401: errorResponse('Not signed in'),
  403: errorResponse('Signed in without the right to do this, or a cross-origin request'),
  404: errorResponse('Not found, or not yours'),
};

/** Non-procedure routes (multipart upload, health) described by hand, next to where they live. */
const extraPaths: ZodOpenApiPathsObject = {
  '/api/upload': {
    post: {
      operationId: 'uploads.image',
      security: needsSession,
      tags: ['Uploads'],
      summary: 'Upload an image (JPEG, PNG, GIF or WebP, at most 5 MB); signed-in users only',
      description:
        'The image is re-encoded without its metadata (EXIF, GPS) and stored as WebP: the main image at most 1600 px wide and copies 320, 640 and 1280 px wide, named after the main one (`<id>-640.webp`). An animated GIF keeps its first frame.',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: z.object({ image: z.string().meta({ format: 'binary' }) }),
          },
        },
      },
      responses: {
        201: {
          description: 'Stored; the URL serves the image back',
          content: {
            'application/json': {
              schema: z.object({
                url: z.string().meta({ example: '/uploads/3f0c2a9e-7d41-4c8e-9a57-1b2d3e4f5a6b.webp' }),
                srcset: z.string(),
                variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
              }),
            },
          },
        },
        400: errorResponse('Not an image, or a malformed multipart body'),
        401: commonErrors[401],
        413: errorResponse("Larger than 5 MB, or the user's image storage is full"),
        429: tooManyRequests,
      },
    },
  },
  '/api/openapi.json': {
    get: {
      operationId: 'meta.openapi',
      security: [{}],
      tags: ['Operations'],
      summary: 'This document',
      responses: {
        200: {
          description: 'The OpenAPI 3.1 description of every REST path',
          content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
        },
      },
    },
  },
  '/api/health': {
    get: {
      operationId: 'meta.health',
      security: [{}],
      tags: ['Operations'],
      summary: 'Liveness and database reachability',
      responses: {
        200: {
          description: 'The database answers',
          content: {
            'application/json': {
              schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
            },
          },
        },
        503: errorResponse(
          'The database is unreachable, too slow or busy, or the server is shutting down (within HEALTH_TIMEOUT_MS)',
        ),
      },
    },
  },
};

/** A procedure built in steps (an owner check, then the body) has several input objects; tRPC merges them. */
function combinedInput(inputs: z.ZodType[]): z.ZodType | undefined {
  if (inputs.length <= 1) return inputs[0];
  const shapes = inputs.map((i) => asObjectSchema(i)?.shape);
  if (shapes.some((s) => !s)) return inputs.at(-1);
  return z.object(Object.assign({}, ...shapes));
}

function asObjectSchema(schema: unknown): z.ZodObject | undefined {
  return schema instanceof z.ZodObject ? schema : undefined;
}

export function buildOpenApiDocument() {
  const paths: ZodOpenApiPathsObject = { ...extraPaths };
  for (const route of restRoutes) {
    const procedure = procedureAt(route.procedure);
    const input = combinedInput(procedure._def.inputs as z.ZodType[]);
    const declared = (procedure._def as { output?: z.ZodType | SchemaCheck<unknown> }).output;
    // A checkedOnce output is a function carrying its schema.
    const output = typeof declared === 'function' ? declared.schema : declared;
    const params = pathParams(route);
    const { middlewares } = procedure._def as unknown as { middlewares: unknown[] };
    const signedIn = middlewares.some((m) => (sessionRequired._middlewares as unknown[]).includes(m));
    const operation: ZodOpenApiOperationObject = {
      tags: [route.tag],
      summary: route.summary,
      operationId: route.procedure,
      security: signedIn ? needsSession : sessionOptional,
      responses: {
        [route.status ?? 200]: {
          description: 'Success',
          ...(output ? { content: { 'application/json': { schema: output } } } : {}),
        },
        ...commonErrors,
        429: tooManyRequests,
      },
    };
    const objectInput = asObjectSchema(input);
    // Split by shape rather than pick/omit, which zod refuses on objects with refinements.
    const shape: Record<string, z.ZodType> = objectInput?.shape ?? {};
    const fields = (keep: (key: string) => boolean) =>
      z.object(Object.fromEntries(Object.entries(shape).filter(([key]) => keep(key))));
    if (params.length > 0) {
      operation.requestParams = {
        path: objectInput
          ? fields((k) => params.includes(k))
          : z.object(Object.fromEntries(params.map((p) => [p, z.string()]))),
      };
    }
    const rest = objectInput && params.length > 0 ? fields((k) => !params.includes(k)) : input;
    if (rest) {
      if (route.method === 'GET' || route.method === 'DELETE') {
        const query = asObjectSchema(rest);
        if (query && Object.keys(query.shape).length > 0) {
          operation.requestParams = { ...operation.requestParams, query };
        }
      } else {
        operation.requestBody = { content: { 'application/json': { schema: rest } } };
      }
    }
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    paths[route.path] = { ...paths[route.path], [method]: operation };
  }

  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description:
          'REST surface of SimchaHub. Authentication is the HttpOnly session cookie set by sign-in. ' +
          'Mutations from another origin are refused. Errors share one shape: `{ error: { code, message, issues? } }`.',
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'HttpOnly session cookie set by POST /api/auth/login or /api/auth/register',
          },
        },
      },
      paths,
    },
    {
      override: ({ jsonSchema, zodSchema }) => {
        if (zodSchema._zod.def.type === 'date') {
          jsonSchema.type = 'string';
          jsonSchema.format = 'date-time';
        }
      },
    },
  );
}
