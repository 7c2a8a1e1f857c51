import { useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { MESSAGES } from '@plantride/schemas';

interface Props {
  requestId: string;
  comment: string;
  busy: boolean;
  /** Resolves true once saved; the cell then leaves edit mode. */
  onSave: (comment: string) => Promise<boolean>;
}

/** The maintenance head's notes on a request (SPEC's comment) with in-place editing; an empty one is refused (SPEC §5). */
export function CommentCell({ requestId, comment, busy, onSave }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (draft === null) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
          {comment || '—'}
        </Typography>
        <Button size="small" onClick={() => setDraft(comment)} aria-label={`Edit notes of request ${requestId}`}>
          Edit
        </Button>
      </Stack>
    );
  }

  const save = async () => {
    if (!draft.trim()) {
      setError(MESSAGES.commentCannotBeEmpty);
      return;
    }
    if (await onSave(draft.trim())) setDraft(null);
  };

  return (
    <Stack spacing={1} sx={{ minWidth: 200 }}>
      <TextField
        size="small"
        label={`Notes for request ${requestId}`}
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
          Save
        </Button>
        <Button size="small" onClick={() => setDraft(null)} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
