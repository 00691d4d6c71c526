// How a long pass of a build or a load reports how far it is, for whatever shows it (a progress bar, a log, nothing).

/** One pass: counted as it goes, finished once. */
export interface PhaseMeter {
  /** `count` more units done. Called once per record: it must cost no more than an addition. */
  advance(count?: number): void;
  finish(): void;
}

/** Starts the meter of a pass over `total` units (null when the total is not known beforehand). */
export type PassProgress = (phase: string, total: number | null, unit: string) => PhaseMeter;

const SILENT_METER: PhaseMeter = {
  advance: () => undefined,
  finish: () => undefined,
};

/** Progress that goes nowhere: the default of a build or load run by a program that shows none. */
export const NO_PROGRESS: PassProgress = () => SILENT_METER;
