const DECIMAL = /^-?\d+(?:\.(\d+))?$/;

/**
 * A decimal amount as the service sent it ("19.90"), with its currency, in the
 * user's locale ("€19.90", "19,90 €"). Formatted from the text itself, never
 * through a float, and with every decimal it has: an exact "0.125" is not
 * shown as 0.13. Without a known currency the amount is shown as it came,
 * and says so; text that is not a decimal is shown as it came.
 */
export function formatAmount(amount: unknown, currency: string | null): string {
  if (typeof amount !== 'string' && typeof amount !== 'number') return '—';
  const text = String(amount).trim();
  const match = DECIMAL.exec(text);
  if (!match) return currency ? `${text} ${currency}` : text;
  if (!currency) return `${text} (currency not stated)`;
  try {
    const standard =
      new Intl.NumberFormat(undefined, { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    const decimals = Math.max(standard, match[1]?.length ?? 0);
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      // Intl reads a numeric string as an exact decimal.
    }).format(text as `${number}`);
  } catch {
    return `${text} ${currency}`;
  }
}
