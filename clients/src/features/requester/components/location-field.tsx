import { Autocomplete, TextField } from '@mui/material';
import { DEFAULT_SITE } from '@plantride/schemas';

interface LocationFieldProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
}

/** Type-ahead over the site's locations, with its own clear button (SPEC §2). */
export function LocationField({ label, value, onChange, disabled = false }: LocationFieldProps) {
  return (
    <Autocomplete
      options={DEFAULT_SITE.locations}
      value={value}
      onChange={(_, next) => onChange(next)}
      disabled={disabled}
      clearText={`Clear ${label}`}
      openText={`Open ${label} list`}
      closeText={`Close ${label} list`}
      autoHighlight
      fullWidth
      renderInput={(params) => <TextField {...params} label={label} required />}
    />
  );
}
