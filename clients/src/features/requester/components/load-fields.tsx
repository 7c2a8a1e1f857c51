import { useId } from 'react';
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, MenuItem, Stack, TextField } from '@mui/material';
import { LOAD_HANDLING, LOAD_UNITS, TEXT_LIMITS, formatCount, type LoadHandling, type LoadUnit } from '@plantride/schemas';
import type { LoadDraft, LoadField } from '../booking-validation';

const HANDLING_LABEL: Record<LoadHandling, string> = {
  fragile: 'Fragile',
  hazardous: 'Hazardous',
  'temperature-controlled': 'Temperature-controlled',
};

// Every control at least 48 px high: tapped with gloves on.
const TAP = { minHeight: 48 };

interface LoadFieldsProps {
  value: LoadDraft;
  onChange: (value: LoadDraft) => void;
  /** The field the last refusal was about, and its message. */
  problem: { field: LoadField; error: string } | null;
}

/** "What is being moved" (issue #32 item 7): every part optional; checked on Request Transport by the engine's rule. */
export function LoadFields({ value, onChange, problem }: LoadFieldsProps) {
  const legendId = useId();
  const set = <K extends keyof LoadDraft>(key: K, next: LoadDraft[K]) => onChange({ ...value, [key]: next });
  const errorOf = (field: LoadField) => (problem?.field === field ? problem.error : undefined);
  const toggle = (note: LoadHandling, on: boolean) =>
    set('handling', on ? [...value.handling, note] : value.handling.filter((n) => n !== note));

  return (
    <FormControl component="fieldset" aria-labelledby={legendId} sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        What is being moved (optional)
      </FormLabel>
      <Stack spacing={2}>
        <TextField
          label="Description"
          value={value.description}
          onChange={(e) => set('description', e.target.value)}
          error={Boolean(errorOf('description'))}
          helperText={errorOf('description') ?? `Up to ${formatCount(TEXT_LIMITS.loadDescription)} characters`}
          fullWidth
        />
        <Stack direction="row" spacing={1}>
          <TextField
            label="Quantity"
            value={value.quantity}
            onChange={(e) => set('quantity', e.target.value)}
            error={Boolean(errorOf('quantity'))}
            helperText={errorOf('quantity')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ flex: 1 }}
          />
          <TextField
            select
            label="Unit"
            value={value.unit}
            onChange={(e) => set('unit', e.target.value as LoadUnit | '')}
            error={Boolean(errorOf('unit'))}
            helperText={errorOf('unit')}
            sx={{ flex: 1 }}
          >
            <MenuItem value="" sx={TAP}>
              <em>None</em>
            </MenuItem>
            {LOAD_UNITS.map((unit) => (
              <MenuItem key={unit} value={unit} sx={TAP}>
                {unit}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          label="Weight (kg)"
          value={value.weightKg}
          onChange={(e) => set('weightKg', e.target.value)}
          error={Boolean(errorOf('weightKg'))}
          helperText={errorOf('weightKg')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          fullWidth
        />
        <Box>
          <FormGroup row aria-label="Handling">
            {LOAD_HANDLING.map((note) => (
              <FormControlLabel
                key={note}
                sx={{ ...TAP, mr: 2 }}
                control={
                  <Checkbox checked={value.handling.includes(note)} onChange={(e) => toggle(note, e.target.checked)} sx={{ p: 1.5 }} />
                }
                label={HANDLING_LABEL[note]}
              />
            ))}
          </FormGroup>
        </Box>
      </Stack>
    </FormControl>
  );
}
