import { useEffect, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { toast } from 'react-toastify';
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
      toast.success(`${vehicleType} checklist saved: ${answer.items.length} items.`);
    } catch (error) {
      setRefusal(messageOf(error, 'Could not save the checklist. Try again.'));
    }
  }

  const busy = save.isPending;
  const full = draft.length >= CHECKLIST_LIMITS.items;
  return (
    <Box
      component="form"
      aria-label={`${vehicleType} checklist`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack spacing={2}>
        <Typography color="text.secondary">
          {draft.length} items, {draft.filter((item) => item.critical).length} critical. A driver who marks a critical item Fault is taken
          out of service and a maintenance request is filed.
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
          Add item
        </Button>
        {full && (
          <Typography variant="body2" color="text.secondary">
            A checklist has at most {CHECKLIST_LIMITS.items} items.
          </Typography>
        )}
        {(errors.list ?? refusal) && (
          <Alert severity="error" role="alert">
            {errors.list ?? refusal}
          </Alert>
        )}
        {errors.items.size > 0 && !errors.list && (
          <Alert severity="error" role="alert">
            Fix the items marked in red, then save.
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" size="large" disabled={busy || !changed} sx={{ minHeight: 48 }}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
          <Button variant="outlined" size="large" disabled={busy || !changed} onClick={() => edit(draftOf(saved))} sx={{ minHeight: 48 }}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
