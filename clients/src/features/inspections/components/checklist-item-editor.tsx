import { Button, FormControlLabel, Paper, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CHECKLIST_LIMITS } from '@plantride/schemas';
import type { DraftItem } from '../checklist-draft';

interface Props {
  item: DraftItem;
  number: number;
  count: number;
  error: string | null;
  disabled: boolean;
  onChange: (patch: Partial<Pick<DraftItem, 'text' | 'critical'>>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

const smallButton = { minWidth: 48, minHeight: 48 } as const;
const arrow = { ...smallButton, fontSize: '1.25rem', lineHeight: 1 } as const;

/** One item of the checklist being edited: its text, Critical, its place in the list, Remove. */
export function ChecklistItemEditor({ item, number, count, error, disabled, onChange, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none' }} data-testid={`checklist-item-${number}`}>
      <Stack spacing={1}>
        <TextField
          label={t('inspection.editor.item', { number })}
          value={item.text}
          onChange={(e) => onChange({ text: e.target.value })}
          error={error !== null}
          helperText={error ?? (item.id ? undefined : t('inspection.editor.newItem'))}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: CHECKLIST_LIMITS.text + 20 } }}
          multiline
          fullWidth
        />
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <FormControlLabel
            control={<Switch checked={item.critical} onChange={(e) => onChange({ critical: e.target.checked })} disabled={disabled} />}
            label={t('inspection.critical')}
            sx={{ mr: 'auto', ml: 0 }}
          />
          <Button
            variant="outlined"
            sx={arrow}
            onClick={() => onMove(-1)}
            disabled={disabled || number === 1}
            aria-label={t('inspection.editor.moveUp', { number })}
          >
            ↑
          </Button>
          <Button
            variant="outlined"
            sx={arrow}
            onClick={() => onMove(1)}
            disabled={disabled || number === count}
            aria-label={t('inspection.editor.moveDown', { number })}
          >
            ↓
          </Button>
          <Button
            variant="outlined"
            color="error"
            sx={smallButton}
            onClick={onRemove}
            disabled={disabled}
            aria-label={t('inspection.editor.removeItem', { number })}
          >
            {t('inspection.editor.remove')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
