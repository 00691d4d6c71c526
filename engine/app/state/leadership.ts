// A role one process at a time plays among replicas (following the registry's streams): held, lost, taken over.

export interface RoleHandlers {
  /** This process now plays the role. */
  lead(): void;
  /** This process lost the role (its hold on it is gone): stop playing it. */
  lose(): Promise<void>;
}

export interface Leadership {
  /** Plays `role` whenever this process holds it; `stop` gives it up (a replica shutting down). */
  follow(role: string, handlers: RoleHandlers): { stop(): Promise<void> };
}

/** A process alone holds every role, at once and for good. */
export const SOLE_LEADERSHIP: Leadership = {
  follow(_role, handlers) {
    handlers.lead();
    return { stop: () => handlers.lose() };
  },
};
