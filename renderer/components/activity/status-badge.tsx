import { fieldValue } from './fields.tsx';

type Tone = 'good' | 'moving' | 'attention' | 'bad' | 'quiet';

/** How a status reads at a glance: done, under way, needs a look, went wrong, or no longer current. */
const TONES: Record<string, Tone> = {
  delivered: 'good',
  paid: 'good',
  in_stock: 'good',
  confirmed: 'moving',
  shipped: 'moving',
  label_created: 'moving',
  in_transit: 'moving',
  out_for_delivery: 'moving',
  open: 'attention',
  low_stock: 'attention',
  overdue: 'bad',
  out_of_stock: 'bad',
  cancelled: 'quiet',
  discontinued: 'quiet',
};

/** A status as words on a tint; the words carry the meaning, the colour only helps the eye. */
export function StatusBadge({ status }: { status: unknown }) {
  const tone = typeof status === 'string' ? (TONES[status] ?? 'quiet') : 'quiet';
  return <span className={`status-badge ${tone}`}>{fieldValue('status', status)}</span>;
}
