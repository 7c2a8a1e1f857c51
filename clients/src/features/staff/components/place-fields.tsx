import { Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PLAN_EXTENT_METRES } from '@plantride/schemas';
import type { PlaceDraft, PlaceDraftErrors } from '../site-rules';

interface Props {
  draft: PlaceDraft;
  errors: PlaceDraftErrors;
  disabled: boolean;
  onChange: (patch: Partial<PlaceDraft>) => void;
}

/** A place's name and its position on the plan, in metres from the south-west corner. */
export function PlaceFields({ draft, errors, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const metres = { min: 0, max: PLAN_EXTENT_METRES, step: 1, inputMode: 'numeric' as const };
  return (
    <>
      <TextField
        label={t('staff.site.fields.name')}
        value={draft.name}
        onChange={(e) => onChange({ name: e.target.value })}
        error={!!errors.name}
        helperText={errors.name}
        disabled={disabled}
        fullWidth
        required
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          label={t('staff.site.fields.x')}
          type="number"
          value={draft.x}
          onChange={(e) => onChange({ x: e.target.value })}
          error={!!errors.x}
          helperText={errors.x}
          disabled={disabled}
          required
          slotProps={{ htmlInput: metres }}
        />
        <TextField
          label={t('staff.site.fields.y')}
          type="number"
          value={draft.y}
          onChange={(e) => onChange({ y: e.target.value })}
          error={!!errors.y}
          helperText={errors.y}
          disabled={disabled}
          required
          slotProps={{ htmlInput: metres }}
        />
      </Box>
    </>
  );
}
