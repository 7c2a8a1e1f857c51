import { useId } from 'react';
import { FormControl, FormLabel, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { RidePriority } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';

// The chosen one filled, the other plain dark text: MUI's pale defaults fall under 4.5:1 on our background.
export const chosenToggle = (color: 'primary' | 'error') => ({
  color: 'text.primary',
  bgcolor: 'background.paper',
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: `${color}.main`, color: `${color}.contrastText` },
});

/** Normal or Urgent (issue #20); a tap on the chosen one keeps it chosen. */
export function PriorityField({ value, onChange }: { value: RidePriority; onChange: (value: RidePriority) => void }) {
  const labelId = useId();
  const { t } = useTranslation();
  return (
    <FormControl component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
        {t('common.priority')}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        fullWidth
        value={value}
        onChange={(_, next: RidePriority | null) => {
          if (next) onChange(next);
        }}
        aria-labelledby={labelId}
      >
        <ToggleButton value="normal" sx={chosenToggle('primary')}>
          {t('common.normal')}
        </ToggleButton>
        <ToggleButton value="urgent" sx={chosenToggle('error')}>
          {t('common.urgent')}
        </ToggleButton>
      </ToggleButtonGroup>
    </FormControl>
  );
}
