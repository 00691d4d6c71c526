// Test mode: no payment at all; the checkout URL is a page served by unshell where the buyer presses pay.
import type { PurchaseCheckout } from './account-billing.js';
import type { CheckoutRequest, OpenedCheckout, PaymentProvider } from './provider.js';

/** Where the test-mode checkout page of a session lives, under the base of the server that serves it. */
export const testCheckoutPath = (sessionId: string): string => `/checkout/test/${encodeURIComponent(sessionId)}`;

export class TestProvider implements PaymentProvider {
  readonly mode = 'test';
  readonly #pageBase: () => Promise<string>;

  /** `pageBase`: the origin of a server serving the checkout page (the REST server, or the MCP process's own). */
  constructor(pageBase: () => Promise<string>) {
    this.#pageBase = pageBase;
  }

  async open(request: CheckoutRequest): Promise<OpenedCheckout> {
    return {
      checkoutUrl: `${await this.#pageBase()}${testCheckoutPath(request.sessionId)}`,
      providerRef: null,
      expiresAt: null,
    };
  }

  /** The page records the payment in the store itself; there is nobody else to ask. */
  isPaid(): Promise<boolean> {
    return Promise.resolve(false);
  }
}

/** Test mode for an account's purchases (packs, plans): the same page, whose pay button applies what a webhook would. */
export class TestPurchaseCheckout implements PurchaseCheckout {
  readonly mode = 'test';
  readonly #pageBase: () => Promise<string>;

  constructor(pageBase: () => Promise<string>) {
    this.#pageBase = pageBase;
  }

  async open(purchase: { id: string }): Promise<{ checkoutUrl: string; providerRef: null; expiresAt: null }> {
    return {
      checkoutUrl: `${await this.#pageBase()}${testCheckoutPath(purchase.id)}`,
      providerRef: null,
      expiresAt: null,
    };
  }
}
