/**
 * Where the client reports what it does: any object with console's level methods (`console`
 * itself, pino, winston, ...). Each method gets a message and a details object.
 */
export interface ClientLogger {
  debug?(message: string, details?: Readonly<Record<string, unknown>>): void;
  info?(message: string, details?: Readonly<Record<string, unknown>>): void;
  warn?(message: string, details?: Readonly<Record<string, unknown>>): void;
  error?(message: string, details?: Readonly<Record<string, unknown>>): void;
}

/** The least severe level that is logged; `off` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

const SEVERITY: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, off: 4 };

/** A logger filtered by level: the client's one way of logging. */
export interface LevelLogger {
  /** Whether a level is logged (to skip building details nobody reads). */
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
  log(level: Exclude<LogLevel, 'off'>, message: string, details: Readonly<Record<string, unknown>>): void;
}

/** Filters a console-like logger by level. */
export function levelLogger(logger: ClientLogger | undefined, level: LogLevel): LevelLogger {
  const threshold = logger ? SEVERITY[level] : SEVERITY.off;
  return {
    enabled: (candidate) => SEVERITY[candidate] >= threshold,
    log(candidate, message, details) {
      if (SEVERITY[candidate] < threshold) return;
      logger?.[candidate]?.(message, details);
    },
  };
}
