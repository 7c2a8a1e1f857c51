import { useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  requestId: string;
  comment: string;
  busy: boolean;
  /** Resolves true once saved; the cell then leaves edit mode. */
  onSave: (comment: string) => Promise<boolean>;
}

/** The maintenance head's notes on a request (SPEC's comment) with in-place editing; an empty one is refused (SPEC §5). */
export function CommentCell({ requestId, comment, busy, onSave }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (draft === null) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
          {comment || '—'}
        </Typography>
        <Button size="small" onClick={() => setDraft(comment)} aria-label={t('staff.requests.editNotes', { id: requestId })}>
          {t('staff.common.edit')}
        </Button>
      </Stack>
    );
  }

  const save = async () => {
    if (!draft.trim()) {
      setError(t('messages.commentCannotBeEmpty'));
      return;
    }
    if (await onSave(draft.trim())) setDraft(null);
  };

  return (
    <Stack spacing={1} sx={{ minWidth: 200 }}>
      <TextField
        size="small"
        label={t('staff.requests.notesFor', { id: requestId })}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error}
        multiline
        autoFocus
      />
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="contained" onClick={() => void save()} disabled={busy}>
          {t('staff.common.save')}
        </Button>
        <Button size="small" onClick={() => setDraft(null)} disabled={busy}>
          {t('staff.common.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
