import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** One bound of an axis (x/y min/max) typed as text: decimal keyboard on phones, the kit's narrow width. */
export function AxisBoundField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: 96 }}
    />
  );
}

type ExcelModule = typeof import('./excel-export.ts');

/**
 * The Excel button's work: ExcelJS loaded on demand, `exporting` while the file is written (the button waits),
 * and a failure logged rather than thrown into the page.
 */
export function useExcelDownload() {
  const [exporting, setExporting] = useState(false);
  const download = async (write: (excel: ExcelModule) => Promise<void>) => {
    setExporting(true);
    try {
      await write(await import('./excel-export.ts'));
    } catch (error) {
      console.error('Error exporting to Excel:', error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, download };
}
