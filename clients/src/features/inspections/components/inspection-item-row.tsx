import { Chip, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CHECKLIST_LIMITS, type ChecklistItem } from '@plantride/schemas';
import type { Answer } from '../inspection-form';
import { PhotoPicker } from '../../../components/photos/photo-picker';
import type { PickedPhoto } from '../../../components/photos/picked-photos';

interface Props {
  item: ChecklistItem;
  number: number;
  answer: Answer;
  noteError: string | null;
  disabled: boolean;
  onChange: (answer: Answer) => void;
  /** Issue #34: the photos of a fault, as the picker has them. */
  onPhotos: (photos: PickedPhoto[]) => void;
}

// A gloved thumb: every button at least 56 px tall, each half the row wide; the chosen one filled, seen at a glance.
const toggleSx = (color: 'success' | 'error') =>
  ({
    minHeight: 56,
    fontSize: '1.05rem',
    fontWeight: 700,
    flex: 1,
    // Not chosen: the darker shade, so the word keeps its contrast on the hover tint too (axe, 390 px, a pointer left over the button).
    color: `${color}.dark`,
    '&.Mui-selected, &.Mui-selected:hover': { bgcolor: `${color}.main`, color: `${color}.contrastText` },
  }) as const;

/** One checklist item: what to check, OK or Fault, and on a fault what is wrong. */
export function InspectionItemRow({ item, number, answer, noteError, disabled, onChange, onPhotos }: Props) {
  const { t } = useTranslation();
  const labelId = `inspection-item-${item.id}-label`;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none', borderColor: answer.ok === false ? 'error.main' : undefined }}
      data-testid={`inspection-item-${item.id}`}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography id={labelId} sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
            {number}. {item.text}
          </Typography>
          {item.critical && (
            <Chip label={t('inspection.critical')} color="error" size="small" variant="outlined" sx={{ fontWeight: 700, flexShrink: 0 }} />
          )}
        </Stack>
        <ToggleButtonGroup
          exclusive
          fullWidth
          value={answer.ok === null ? null : answer.ok ? 'ok' : 'fault'}
          onChange={(_, value: 'ok' | 'fault' | null) => {
            if (value) onChange({ ...answer, ok: value === 'ok' });
          }}
          aria-labelledby={labelId}
          disabled={disabled}
        >
          <ToggleButton value="ok" color="success" sx={toggleSx('success')}>
            {t('inspection.driver.ok')}
          </ToggleButton>
          <ToggleButton value="fault" color="error" sx={toggleSx('error')}>
            {t('inspection.driver.fault')}
          </ToggleButton>
        </ToggleButtonGroup>
        {answer.ok === false && <PhotoPicker label={t('inspection.driver.photosOf', { number })} disabled={disabled} onChange={onPhotos} />}
        {answer.ok === false && (
          <TextField
            label={t('inspection.driver.whatIsWrong')}
            required
            multiline
            minRows={2}
            value={answer.note}
            onChange={(e) => onChange({ ...answer, note: e.target.value })}
            error={noteError !== null}
            helperText={noteError ?? t('inspection.driver.noteHint', { max: CHECKLIST_LIMITS.note })}
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: CHECKLIST_LIMITS.note } }}
            fullWidth
          />
        )}
      </Stack>
    </Paper>
  );
}
