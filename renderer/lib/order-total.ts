import Big from 'big.js';

export interface OrderLine {
  productEan: string;
  quantity: number;
  price: string;
}

/** Reads the lines an order payload carries, skipping any that are not well formed. */
export function orderLines(payload: Record<string, unknown>): OrderLine[] {
  const lines = Array.isArray(payload.lines) ? payload.lines : [];
  return lines.flatMap((line: unknown) => {
    if (!line || typeof line !== 'object') return [];
    const { productEan, quantity, price } = line as Record<string, unknown>;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || typeof price !== 'string') {
      return [];
    }
    return [{ productEan: String(productEan ?? ''), quantity, price }];
  });
}

/**
 * The sum of quantity × price in decimal arithmetic ("0.10" × 3 is "0.30", never
 * 0.30000000000000004), shown with as many decimals as the most precise price
 * and at least two, so nothing is rounded away.
 */
export function orderTotal(lines: OrderLine[]): string | null {
  try {
    const decimals = Math.max(2, ...lines.map((line) => line.price.split('.')[1]?.length ?? 0));
    return lines
      .reduce((sum, line) => sum.plus(new Big(line.price).times(line.quantity)), new Big(0))
      .toFixed(decimals);
  } catch {
    return null;
  }
}
