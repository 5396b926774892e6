/**
 * Yuan amounts of the sign-up form, cashier and result pages. Kept apart from ./signup (which
 * builds zod schemas when loaded), so pages that only show amounts load no validation code.
 */

/** price (yuan) × quantity, in yuan, computed in fen so 0.1 + 0.2 never shows. */
export function totalYuan(price: number, quantity: number): number {
  if (!Number.isFinite(price) || !Number.isInteger(quantity) || quantity < 0) return 0;
  return (Math.round(price * 100) * quantity) / 100;
}

export const formatYuan = (yuan: number): string => yuan.toFixed(2);
