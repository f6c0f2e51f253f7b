import { useTheme } from '@mui/material/styles';

type SdpLogoProps = {
  size?: number;
  /** 'primary' on light backgrounds, 'contrast' on the primary-coloured top bar. */
  tone?: 'primary' | 'contrast';
};

/** The SDP mark: a pulse line on a rounded square. Decorative; the accessible name comes from the caller. */
export function SdpLogo({ size = 32, tone = 'primary' }: SdpLogoProps) {
  const { palette } = useTheme();
  const [background, line] =
    tone === 'primary'
      ? [palette.primary.main, palette.common.white]
      : [palette.common.white, palette.primary.main];
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" style={{ flexShrink: 0 }}>
      <rect width="32" height="32" rx="6" fill={background} />
      <path
        d="M5 19h5l3-8 5 14 3-6h6"
        fill="none"
        stroke={line}
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
