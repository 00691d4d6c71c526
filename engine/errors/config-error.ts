// A setting or operator-supplied file the service cannot run with: reported at start, before anything is served.

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
