import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../../renderer/components/activity/amounts.ts';

const euros = (text: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(Number(text));

describe('amounts in the activity view', () => {
  it('shows every amount with its currency, as the locale writes money', () => {
    expect(formatAmount('19.90', 'EUR')).toBe(euros('19.90'));
    expect(formatAmount('1234.5', 'EUR')).toBe(euros('1234.50'));
    expect(formatAmount('7', 'JPY')).toBe(
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'JPY' }).format(7),
    );
  });

  it('never rounds an exact amount away, however many decimals it has', () => {
    expect(formatAmount('0.125', 'EUR')).toMatch(/0[.,]125/);
    expect(formatAmount('12345678901234567.89', 'EUR')).toMatch(/89\D*$/);
  });

  it('says so when no currency is known, and shows odd values as they came', () => {
    expect(formatAmount('19.90', null)).toBe('19.90 (currency not stated)');
    expect(formatAmount('about 20', 'EUR')).toBe('about 20 EUR');
    expect(formatAmount('19.90', 'NOT')).toMatch(/19[.,]90/);
    expect(formatAmount(null, 'EUR')).toBe('—');
  });
});
