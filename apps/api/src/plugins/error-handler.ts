import { fieldMessages, firstMessage, messages } from '@shopdesk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Fields every error answer of this route carries (sign-up adds status:'FAILED'). */
    errorBody?: Record<string, unknown>;
  }
}

/** Fastify's own client-error codes and the status and words we answer them with. */
const clientErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid content length'],
  FST_REQ_FILE_TOO_LARGE: [413, messages.imageTooLarge],
  FST_FILES_LIMIT: [413, messages.tooManyFiles],
  FST_PARTS_LIMIT: [413, messages.tooManyFiles],
  FST_FIELDS_LIMIT: [413, 'Too many form fields'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'The request is not multipart/form-data'],
  FST_ERR_VALIDATION: [400, messages.badRequest],
};

/** Errors that mean the database cannot be reached (answered 503), from node-postgres or SQLite. */
export function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  const text = error instanceof Error ? error.message : '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001', '08003'].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect|database is locked/i.test(text)
  );
}

/**
 * PostgreSQL "data exception" codes that a client's values cause (a NUL byte in text, text or a
 * number too large for its column or index): the request is refused (400), the server is fine.
 */
const badValueCodes = new Set(['22001', '22003', '22021', '22P02', '22P05', '54000']);

function isBadValue(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && badValueCodes.has(code) && !(error instanceof HttpError);
}

/**
 * The client hung up before its request was complete (the body promised more than came): the
 * stream reading the body fails with ECONNRESET "aborted", which must not read as a lost database.
 * Node's documented signs: the message is destroyed and not complete.
 */
function isClientGone(request: FastifyRequest): boolean {
  return request.raw.destroyed && !request.raw.complete;
}

/** One error handler for the whole API: `{error:true, msg}`, never a stack trace. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const extra = request.routeOptions.config?.errorBody ?? {};
    const send = (status: number, msg: string, more: Record<string, unknown> = {}) =>
      reply.status(status).send({ ...extra, error: true, msg, ...more });

    if (isClientGone(request)) {
      // Nobody is left to answer: an info line, not an error, and no 5xx to count.
      request.log.info(
        { event: 'request.aborted', code: error.code },
        'client hung up before its request was complete',
      );
      return send(400, 'The request ended before its body was complete');
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 400 && error.statusCode < 500)
        request.log.info({ status: error.statusCode, msg: error.message }, 'refused');
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return send(error.statusCode, error.message, error.extra);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const list = {
        issues: error.validation.map((v) => ({
          message: v.message ?? messages.badRequest,
          path: v.instancePath.split('/').filter(Boolean),
        })),
      };
      request.log.info({ fields: fieldMessages(list) }, 'validation failed');
      return send(400, firstMessage(list), { fields: fieldMessages(list) });
    }
    if (error instanceof ZodError) {
      return send(400, firstMessage(error), { fields: fieldMessages(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(500, messages.serverError);
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return send(known[0], known[1]);
    if (error.statusCode === 429) {
      return send(429, error.message || messages.tooManyAttempts(60));
    }
    if (isBadValue(error)) {
      request.log.info({ code: error.code, msg: error.message }, 'value refused by the database');
      return send(400, messages.badRequest);
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(503, messages.databaseUnavailable);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, error.message || messages.badRequest);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, messages.serverError);
  });
});
