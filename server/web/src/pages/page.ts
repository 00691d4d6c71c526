// What every page is: drawn into the main element from its URL; it may return what stops its background work.

export interface PageInput {
  /** The parts of the path the route captured, decoded. */
  params: string[];
  query: URLSearchParams;
}

export type Page = (main: HTMLElement, input: PageInput) => Promise<(() => void) | void> | (() => void) | void;

/** Asks the app to move to `url` (pages do not import the router, which imports them). */
export function go(url: string): void {
  window.dispatchEvent(new CustomEvent('unshell:navigate', { detail: url }));
}
