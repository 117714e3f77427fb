import { describe, expect, it } from 'vitest';
import { orderLines, orderTotal, type OrderLine } from '../../../renderer/lib/order-total.ts';

const line = (price: string, quantity = 1): OrderLine => ({
  productEan: '4006381333931',
  quantity,
  price,
});

describe('orderTotal', () => {
  it('adds decimal prices exactly, where binary floating point would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(orderTotal([line('0.1'), line('0.2')])).toBe('0.30');
    expect(orderTotal([line('0.10', 3)])).toBe('0.30');
  });

  it('stays exact over many lines', () => {
    const lines = Array.from({ length: 1_000 }, () => line('0.01'));
    expect(lines.reduce((sum, l) => sum + Number(l.price), 0)).not.toBe(10);
    expect(orderTotal(lines)).toBe('10.00');
    const mixed = Array.from(
      { length: 300 },
      (_, i) => [line('19.99', 3), line('0.07'), line('3.33', 2)][i % 3]!,
    );
    // 100 × (59.97 + 0.07 + 6.66)
    expect(orderTotal(mixed)).toBe('6670.00');
  });

  it('keeps large totals to the cent', () => {
    expect(orderTotal([line('99999999999.99', 1_000)])).toBe('99999999999990.00');
  });

  it('shows at least two decimals and never rounds a more precise price away', () => {
    expect(orderTotal([])).toBe('0.00');
    expect(orderTotal([line('12')])).toBe('12.00');
    expect(orderTotal([line('0.005')])).toBe('0.005');
    expect(orderTotal([line('0.004'), line('1.5')])).toBe('1.504');
  });

  it('subtracts refund lines', () => {
    expect(orderTotal([line('10.00', 2), line('5.50', -1)])).toBe('14.50');
  });

  it('has no total when a price is not a number, rather than NaN or a wrong sum', () => {
    expect(orderTotal([line('1.00'), line('abc')])).toBeNull();
    expect(orderTotal([line('')])).toBeNull();
    expect(orderTotal([line('1,50')])).toBeNull();
  });
});

describe('orderLines', () => {
  it('reads the well-formed lines of an order payload', () => {
    expect(
      orderLines({
        lines: [
          { productEan: '4006381333931', quantity: 2, price: '9.99' },
          { productEan: 5901234123457, quantity: 1, price: '0.50' },
        ],
      }),
    ).toEqual([
      { productEan: '4006381333931', quantity: 2, price: '9.99' },
      { productEan: '5901234123457', quantity: 1, price: '0.50' },
    ]);
  });

  it('skips malformed lines instead of failing the whole card', () => {
    expect(
      orderLines({
        lines: [
          null,
          'line',
          { productEan: 'a', quantity: 1.5, price: '1.00' },
          { productEan: 'b', quantity: '2', price: '1.00' },
          { productEan: 'c', quantity: 2, price: 1 },
          { quantity: 3, price: '2.00' },
        ],
      }),
    ).toEqual([{ productEan: '', quantity: 3, price: '2.00' }]);
  });

  it('reads no lines from a payload without a lines array', () => {
    expect(orderLines({})).toEqual([]);
    expect(orderLines({ lines: 'none' })).toEqual([]);
    expect(orderLines({ lines: { 0: { quantity: 1, price: '1' } } })).toEqual([]);
  });
});
