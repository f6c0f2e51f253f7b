/**
 * Where a request's time goes, phase by phase (issue 28 item 1): each `lap` charges the time since the previous lap
 * to a phase. Answered as the standard `Server-Timing` header, so a benchmark (or a browser's network panel) sees the
 * server's own split of a request without a profiler.
 */
export class Phases {
  private last = performance.now();
  private readonly spent = new Map<string, number>();

  /** Charges the time since the last lap (or since creation) to `phase`. */
  lap(phase: string): void {
    const now = performance.now();
    this.spent.set(phase, (this.spent.get(phase) ?? 0) + (now - this.last));
    this.last = now;
  }

  /** Adds a duration measured elsewhere (e.g. while a body was parsed before the handler ran). */
  add(phase: string, ms: number): void {
    this.spent.set(phase, (this.spent.get(phase) ?? 0) + ms);
  }

  /** `parse;dur=1.2, validate;dur=3.4` in the order the phases were first charged. */
  header(): string {
    return [...this.spent].map(([phase, ms]) => `${phase};dur=${ms.toFixed(1)}`).join(', ');
  }
}

/** The phases of a `Server-Timing` header, in milliseconds (for benchmarks and tests reading it back). */
export function parseServerTiming(header: string | null | undefined): Map<string, number> {
  const phases = new Map<string, number>();
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.trim().split(';');
    if (!name) continue;
    const duration = params.map((param) => /^dur=([\d.]+)$/.exec(param.trim())?.[1]).find(Boolean);
    phases.set(name, Number(duration ?? 0));
  }
  return phases;
}

/** What code being timed needs of {@link Phases}. */
export type PhaseRecorder = Pick<Phases, 'lap' | 'add'>;

/** A recorder that records nothing: for callers that do not care where the time went. */
export const noPhases: PhaseRecorder = { lap: () => undefined, add: () => undefined };
