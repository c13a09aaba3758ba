/**
 * A clean-up pass run at start-up and then every interval (the upload and library sweepers).
 * A pass already under way is joined rather than run twice; the timer does not keep the process
 * alive; `stop` waits for a pass under way, so it does not outlive the database.
 */
export interface PeriodicSweep {
  /** One pass; resolves to how many things it removed. */
  sweepOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createPeriodicSweep(
  sweep: () => Promise<number>,
  options: {
    intervalMs: number;
    /** Names the sweep in the log line of a failed pass. */
    name: string;
    log: { error(details: object, message: string): void };
  },
): PeriodicSweep {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  function sweepOnce(): Promise<number> {
    running ??= sweep().finally(() => {
      running = undefined;
    });
    return running;
  }

  function sweepLogged(): void {
    sweepOnce().catch((error: unknown) =>
      options.log.error({ err: error }, `${options.name} sweep failed`),
    );
  }

  return {
    sweepOnce,
    start() {
      if (timer) return;
      sweepLogged();
      timer = setInterval(sweepLogged, options.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
