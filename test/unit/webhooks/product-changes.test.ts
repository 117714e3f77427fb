import { describe, expect, it } from 'vitest';
import { productChanges } from '../../../main/core/webhooks/product-changes.ts';

describe('productChanges', () => {
  it('reports differing, added and removed fields, ignoring the modification stamp', () => {
    const changes = productChanges(
      { ean: '1', price: '1.00', name: 'Pen', legacy: 'x', updated: 'a' },
      { ean: '1', price: '1.10', name: 'Pen', colour: 'red', updated: 'b' },
    );
    expect(changes).toEqual([
      { field: 'price', from: '1.00', to: '1.10' },
      { field: 'colour', from: undefined, to: 'red' },
      { field: 'legacy', from: 'x', to: undefined },
    ]);
  });

  it('compares nested values by content and keeps types apart', () => {
    expect(productChanges({ tags: ['a', 'b'] }, { tags: ['a', 'b'] })).toEqual([]);
    expect(productChanges({ price: '1' }, { price: 1 })).toEqual([
      { field: 'price', from: '1', to: 1 },
    ]);
  });
});
