import pino, { type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

/** JSON lines in production, readable lines in development, silent in tests unless LOG_LEVEL says otherwise. */
export function createLogger(config: Pick<Config, 'nodeEnv' | 'logLevel'>): Logger {
  const pretty = config.nodeEnv === 'development';
  return pino({
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.ownerPassword', '*.secret'],
      censor: '[redacted]',
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } }
      : {}),
  });
}
