// The error of a state log that cannot be opened safely: corrupt, locked, or written read-only.
export class StateLogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateLogError';
  }
}
