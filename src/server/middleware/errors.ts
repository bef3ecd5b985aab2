import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError, type ErrorBody } from '~/shared/app-error';
import type { Logger } from '../logger';

function body(c: Context, error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.title ? { title: error.title } : {}),
      ...(error.fields ? { fields: error.fields } : {}),
      requestId: c.get('requestId'),
    },
  };
}

/** The one place errors become HTTP responses. Unknown errors are logged and answered generically. */
export function errorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(body(c, error), error.status as ContentfulStatusCode);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const code =
        error.status === 413 ? 'PAYLOAD_TOO_LARGE' : error.status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST';
      const message =
        error.status === 413 ? 'The request body is too large.' : error.message || 'Bad request.';
      return c.json(body(c, new AppError(code, message)), error.status);
    }
    logger.error({ reqId: c.get('requestId'), err: error, path: c.req.path }, 'unhandled error');
    return c.json(
      body(c, new AppError('INTERNAL', 'Something went wrong on our side. Please try again in a moment.')),
      500,
    );
  };
}

export const apiNotFound: NotFoundHandler = (c) =>
  c.json(body(c, new AppError('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}.`)), 404);
