import { TextField, type SxProps, type Theme } from '@mui/material';
import { formatPlantDay } from '../lib/format-date';

interface PlantDateFieldProps {
  label: string;
  /** The chosen plant day, 'yyyy-MM-dd' as a date input writes it ('' when none). */
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
  /** A validation message: shown instead of the chosen day. */
  error?: string;
  sx?: SxProps<Theme>;
}

/**
 * A day filter: the browser's own date input (its picker and keyboard entry), whose text follows the
 * browser's locale (mm/dd/yyyy on an en-US browser), with the chosen day written under it as every
 * screen writes days, 'dd MMM yyyy' (issue #32 item 6), so the day is never read the wrong way round.
 */
export function PlantDateField({ label, value, onChange, min, max, error, sx }: PlantDateFieldProps) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? (value ? formatPlantDay(value) : undefined)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: min || undefined, max: max || undefined },
      }}
      sx={sx}
    />
  );
}
