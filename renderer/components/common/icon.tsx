// Stroke icons drawn on a 24-unit grid; decorative, so hidden from assistive tech.
const PATHS = {
  pin: 'M9 4h6l-1 6 3 3H7l3-3-1-6zM12 13v7',
  muted: 'M6 8a6 6 0 0 1 10-4.5M18 11v3l2 3H8M4 4l16 16M10 20a2 2 0 0 0 4 0',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  alert: 'M12 3 2 20h20L12 3zM12 10v4M12 17v.5',
  archive: 'M3 4h18v4H3zM5 8v12h14V8M10 12h4',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  compose: 'M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4',
  settings:
    'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM19 12l2-1-1-3-2 .2-1.3-1.3L17 5l-3-1-1 2h-2L10 4 7 5l.3 2L6 8.2 4 8l-1 3 2 1v0l-2 1 1 3 2-.2 1.3 1.3L7 19l3 1 1-2h2l1 2 3-1-.3-2 1.3-1.3 2 .3 1-3-2-1z',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  smile: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 14s1.5 2 4 2 4-2 4-2M9 9.5h.01M15 9.5h.01',
  close: 'M6 6l12 12M18 6 6 18',
  send: 'M4 12 20 4l-6 16-3-7-7-1z',
  down: 'M12 5v14M6 13l6 6 6-6',
  chats: 'M4 5h16v11H9l-5 4V5z',
  activity: 'M3 12h4l3-8 4 16 3-8h4',
  file: 'M6 3h8l4 4v14H6V3zM14 3v4h4',
  check: 'M5 12l5 5 9-10',
  checks: 'M2 12l5 5 9-10M11 16l1 1 9-10',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v6M12 7.5v.01',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
