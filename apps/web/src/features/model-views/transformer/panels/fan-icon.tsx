import { statusColor } from '../../../../components/charts/chart-logic.ts';

/** A cooling fan (hub and three blades in a ring) in the colour of a status (spec 02 §2.4 G). */
export function FanIcon({ status, label, size = 44 }: { status: number; label: string; size?: number }) {
  const colour = statusColor(status);
  const blade = 'M24 24 C20 14 22 6 28 5 C33 5 32 14 24 24 Z';
  return (
    <svg
      viewBox="0 0 48 48"
      width={size}
      height={size}
      role="img"
      aria-label={label}
      data-fan-status={status}
    >
      <title>{label}</title>
      <circle cx="24" cy="24" r="21" fill="none" stroke={colour} strokeWidth="3" />
      {[0, 120, 240].map((angle) => (
        <path key={angle} d={blade} fill={colour} transform={`rotate(${angle} 24 24)`} />
      ))}
      <circle cx="24" cy="24" r="4" fill="#fff" stroke={colour} strokeWidth="2" />
    </svg>
  );
}
