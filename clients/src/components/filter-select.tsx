import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What the empty choice says ('All vehicle types'): no filter. */
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  sx?: SxProps<Theme>;
}

/** A filter's drop-down: one empty choice meaning any, then the options. */
export function FilterSelect({ label, value, onChange, anyLabel, options, sx }: Props) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={sx}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
