import { useId, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import type { RobotsAnswer } from '@plantride/schemas';
import { LoadError } from '../../../components/load-error';
import { translateMessage } from '../../../i18n/translate-message';
import { messageOf } from '../../../lib/api-client';
import { useSite } from '../../../lib/site';
import { useSaveNodes } from '../api/amrs';
import { checkNodes, mappablePlaces, savedNodes, type NodeDrafts } from './amr-rules';

type Nodes = RobotsAnswer['nodes'];

interface Props {
  answer: RobotsAnswer;
  /** The admin edits the mapping; the maintenance head reads it. */
  canEdit: boolean;
}

/** 'Nodes': which VDA 5050 node each place is, so a ride's places become a robot's order and its reports a place. */
export function AmrNodesSection({ answer, canEdit }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id={titleId}>
          {t('staff.machines.nodes.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('staff.machines.nodes.intro')}
        </Typography>
        {canEdit ? <NodesForm answer={answer} /> : <NodesList nodes={answer.nodes} />}
      </Stack>
    </Paper>
  );
}

function NodesList({ nodes }: { nodes: Nodes }) {
  const { t } = useTranslation();
  if (nodes.length === 0) return <Typography>{t('staff.machines.nodes.none')}</Typography>;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {nodes.map((node) => (
        <Box key={node.placeId} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ overflowWrap: 'anywhere' }}>
            {node.place ?? node.placeId}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {node.nodeId}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function NodesForm({ answer }: { answer: RobotsAnswer }) {
  const { t } = useTranslation();
  const site = useSite();
  const save = useSaveNodes();
  // Null until the admin types: the fields follow the engine's answer, read again every few seconds, until then.
  const [drafts, setDrafts] = useState<NodeDrafts | null>(null);
  const [problem, setProblem] = useState<{ error: string; placeId: string | null } | null>(null);

  if (!site.data) {
    return site.isError ? (
      <LoadError
        error={site.error}
        fallback={t('staff.machines.nodes.placesFailed')}
        retry={() => void site.refetch()}
        retrying={site.isFetching}
      />
    ) : (
      <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <CircularProgress size={28} aria-hidden="true" />
        <Typography>{t('staff.machines.nodes.loadingPlaces')}</Typography>
      </Box>
    );
  }

  const places = mappablePlaces(site.data.locations);
  const shown = drafts ?? savedNodes(answer);
  const typeNode = (placeId: string, nodeId: string) => {
    setDrafts({ ...shown, [placeId]: nodeId });
    setProblem(null);
  };

  const submit = async () => {
    const checked = checkNodes(places, shown);
    if ('error' in checked) {
      setProblem(checked);
      return;
    }
    try {
      const saved = await save.mutateAsync(checked.body);
      toast.success(saved.message ? translateMessage(saved.message) : t('staff.machines.nodes.saved'));
      setDrafts(null);
    } catch (error) {
      setProblem({ error: messageOf(error, t('staff.machines.nodes.saveFailed')), placeId: null });
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      aria-label={t('staff.machines.nodes.form')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {places.map((place) => (
          <TextField
            key={place.id}
            label={place.name}
            value={shown[place.id] ?? ''}
            onChange={(e) => typeNode(place.id, e.target.value)}
            error={problem?.placeId === place.id}
            helperText={problem?.placeId === place.id ? problem.error : undefined}
            disabled={save.isPending}
            placeholder={t('staff.machines.nodes.noNode')}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } }}
          />
        ))}
      </Box>
      {problem && problem.placeId === null && <Alert severity="error">{problem.error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('staff.machines.nodes.save')}
        </Button>
      </Box>
    </Stack>
  );
}
