import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

export type { Logger };

/** What a failed query may carry that names a member: its parameters and the database's detail line. */
const PERSONAL_ERROR_FIELDS = ['params', 'parameters', 'detail', 'where', 'values'];

/**
 * An error as the log keeps it: the stack and the SQL's shape, never the values. Drizzle puts every parameter
 * (names, e-mails, phones, addresses) in the message after "params:", and PostgreSQL repeats a conflicting value
 * in `detail` ("Key (email)=(...) already exists").
 */
export function redactError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  return scrub(serialized, 0);
}

function scrub(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (PERSONAL_ERROR_FIELDS.includes(key)) out[key] = '[redacted]';
    else if ((key === 'message' || key === 'stack') && typeof field === 'string')
      out[key] = withoutParams(field);
    else if (key === 'cause' && field && typeof field === 'object' && depth < 5)
      out[key] = scrub(field as Record<string, unknown>, depth + 1);
    else out[key] = field;
  }
  return out;
}

const withoutParams = (text: string) =>
  text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');

/**
 * Development's readable lines: one line per entry, so a request is one line and the passwords printed once at
 * the first start stay on screen while the app loads.
 */
export const PRETTY_OPTIONS = { colorize: true, ignore: 'pid,hostname', singleLine: true } as const;

/**
 * JSON lines in production, readable lines in development, silent in tests unless LOG_LEVEL says otherwise.
 * `destination` (tests) takes the lines instead of the terminal, readable in development too, without colour.
 */
export function createLogger(
  config: Pick<Config, 'nodeEnv' | 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        '*.password',
        '*.ownerPassword',
        '*.secret',
        '*.authToken',
      ],
      censor: '[redacted]',
    },
    serializers: { err: redactError, error: redactError },
  };
  if (config.nodeEnv === 'development') {
    return destination
      ? pino(options, pretty({ ...PRETTY_OPTIONS, colorize: false, destination, sync: true }))
      : pino({ ...options, transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } });
  }
  return destination ? pino(options, destination) : pino(options);
}
