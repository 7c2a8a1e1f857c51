import { useEffect, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { CHECKLIST_LIMITS, type ChecklistItem, type VehicleType } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { useSaveChecklist } from '../api/checklist';
import {
  addItem,
  changeItem,
  checkChecklistDraft,
  draftOf,
  isChanged,
  moveItem,
  NO_ITEM_ERRORS,
  removeItem,
  type ChecklistErrors,
  type DraftItem,
} from '../checklist-draft';
import { ChecklistItemEditor } from './checklist-item-editor';

interface Props {
  vehicleType: VehicleType;
  saved: readonly ChecklistItem[];
  /** Told whether the draft differs from what the engine holds (the tabs ask before dropping it). */
  onChangedChange: (changed: boolean) => void;
}

/** A vehicle type's checklist, edited as a whole; Save sends the whole list, Cancel goes back to the engine's. */
export function ChecklistEditor({ vehicleType, saved, onChangedChange }: Props) {
  const { t } = useTranslation();
  const save = useSaveChecklist(vehicleType);
  const [draft, setDraft] = useState<DraftItem[]>(() => draftOf(saved));
  const [errors, setErrors] = useState<ChecklistErrors>({ items: NO_ITEM_ERRORS });
  const [refusal, setRefusal] = useState<string | null>(null);
  const changed = isChanged(draft, saved);
  useEffect(() => onChangedChange(changed), [changed, onChangedChange]);

  const edit = (next: DraftItem[]) => {
    setDraft(next);
    setErrors({ items: NO_ITEM_ERRORS });
    setRefusal(null);
  };

  async function submit() {
    const checked = checkChecklistDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      const answer = await save.mutateAsync(checked.body);
      setDraft(draftOf(answer.items));
      toast.success(t('inspection.editor.saved', { type: vehicleType, items: answer.items.length }));
    } catch (error) {
      setRefusal(messageOf(error, t('inspection.editor.saveFailed')));
    }
  }

  const busy = save.isPending;
  const full = draft.length >= CHECKLIST_LIMITS.items;
  return (
    <Box
      component="form"
      aria-label={t('inspection.editor.form', { type: vehicleType })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack spacing={2}>
        <Typography color="text.secondary">
          {t('inspection.editor.summary', { items: draft.length, critical: draft.filter((item) => item.critical).length })}
        </Typography>
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {draft.map((item, index) => (
            <ChecklistItemEditor
              key={item.key}
              item={item}
              number={index + 1}
              count={draft.length}
              error={errors.items.get(item.key) ?? null}
              disabled={busy}
              onChange={(patch) => edit(changeItem(draft, item.key, patch))}
              onMove={(by) => edit(moveItem(draft, item.key, by))}
              onRemove={() => edit(removeItem(draft, item.key))}
            />
          ))}
        </Stack>
        <Button
          variant="outlined"
          size="large"
          onClick={() => edit(addItem(draft))}
          disabled={busy || full}
          sx={{ alignSelf: 'flex-start', minHeight: 48 }}
        >
          {t('inspection.editor.addItem')}
        </Button>
        {full && (
          <Typography variant="body2" color="text.secondary">
            {t('inspection.editor.full', { max: CHECKLIST_LIMITS.items })}
          </Typography>
        )}
        {(errors.list ?? refusal) && (
          <Alert severity="error" role="alert">
            {errors.list ?? refusal}
          </Alert>
        )}
        {errors.items.size > 0 && !errors.list && (
          <Alert severity="error" role="alert">
            {t('inspection.editor.fixItems')}
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" size="large" disabled={busy || !changed} sx={{ minHeight: 48 }}>
            {busy ? t('inspection.editor.saving') : t('inspection.editor.save')}
          </Button>
          <Button variant="outlined" size="large" disabled={busy || !changed} onClick={() => edit(draftOf(saved))} sx={{ minHeight: 48 }}>
            {t('common.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
