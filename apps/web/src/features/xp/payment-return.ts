/**
 * A payment of an XP invoice was started in this tab (the checkout, or a charge on the mandate): its page
 * then waits for the outcome when the person comes back. Kept in `sessionStorage`, so the checkout's return
 * to `/employer/xptransactions/invoices/{id}` finds it; stale after an hour.
 */
const KEY = 'xp.paymentStarted.';
const STALE_MS = 60 * 60 * 1000;

export function markPaymentStarted(invoiceId: number, now = Date.now()): void {
  try {
    sessionStorage.setItem(`${KEY}${invoiceId}`, String(now));
  } catch {
    // Storage refused (private mode): the page shows the status without waiting.
  }
}

export function isPaymentStarted(invoiceId: number, now = Date.now()): boolean {
  try {
    const at = Number(sessionStorage.getItem(`${KEY}${invoiceId}`));
    return at > 0 && now - at < STALE_MS;
  } catch {
    return false;
  }
}

export function forgetPaymentStarted(invoiceId: number): void {
  try {
    sessionStorage.removeItem(`${KEY}${invoiceId}`);
  } catch {
    // Nothing kept.
  }
}

/** How the page leaves for the checkout (a full page load: it is another site); tests replace `assign`. */
export const checkoutNavigation = { assign: (url: string) => window.location.assign(url) };

/** To the payment provider's checkout; its return finds the payment started. */
export function goToCheckout(invoiceId: number, checkoutUrl: string): void {
  markPaymentStarted(invoiceId);
  checkoutNavigation.assign(checkoutUrl);
}
