import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Container, Paper, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { INSPECTION_MESSAGES, type ChecklistItem, type InspectionResult } from '@plantride/schemas';
import { LoadError } from '../../../components/load-error';
import { translateMessage } from '../../../i18n/translate-message';
import { PageHeader } from '../../../components/page-header';
import { messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session.store';
import { useChecklist } from '../api/checklist';
import { useOwnDriver } from '../api/get-own-driver';
import { useSubmitInspection } from '../api/submit-inspection';
import {
  NO_ANSWERS,
  answerOf,
  answeredCount,
  checkInspection,
  inspectionPassed,
  noteErrorOf,
  outcomeOf,
  withAnswer,
  type Answer,
  type Answers,
} from '../inspection-form';
import { InspectionItemRow } from './inspection-item-row';
import { InspectionOutcome } from './inspection-outcome';

function Loading({ text }: { text: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
      <CircularProgress size={28} aria-hidden="true" />
      <Typography>{text}</Typography>
    </Box>
  );
}

/** /driver/inspection: today's checklist for his vehicle type, built for a phone and gloves (issue #21). */
export function InspectionPage() {
  const { t } = useTranslation();
  const tokenNo = useSession((s) => s.user?.token_no ?? '');
  const navigate = useNavigate();
  const driver = useOwnDriver(tokenNo);
  const vehicleType = driver.data?.VEHICLE_TYPE || null;
  const checklist = useChecklist(vehicleType);
  const [result, setResult] = useState<InspectionResult | null>(null);
  // The dashboard reads his record again at the store position of the inspection (read-your-writes).
  const backToDashboard = (position: number | null) => navigate('/driver', { state: position ? { inspectedAt: position } : null });

  let body;
  if (driver.isPending) body = <Loading text={t('inspection.driver.loadingVehicle')} />;
  else if (driver.isError)
    body = (
      <LoadError
        error={driver.error}
        fallback={t('inspection.driver.driverLoadFailed')}
        retry={() => void driver.refetch()}
        retrying={driver.isFetching}
      />
    );
  else if (!vehicleType) body = <Alert severity="warning">{translateMessage(INSPECTION_MESSAGES.noVehicleType)}</Alert>;
  // Under maintenance the engine refuses an inspection: say so before he answers anything.
  else if (driver.data?.BLOCKED_FOR_MAINTENANCE === 1 && !result)
    body = <Alert severity="warning">{translateMessage(INSPECTION_MESSAGES.blockedCannotInspect)}</Alert>;
  else if (result) body = <InspectionOutcome result={result} onDone={() => backToDashboard(result.position)} />;
  else if (checklist.isPending) body = <Loading text={t('inspection.driver.loadingChecklist')} />;
  else if (checklist.isError)
    body = (
      <LoadError
        error={checklist.error}
        fallback={t('inspection.driver.checklistLoadFailed')}
        retry={() => void checklist.refetch()}
        retrying={checklist.isFetching}
      />
    );
  else {
    body = (
      <InspectionForm
        items={checklist.data.items}
        onDone={(answer) => {
          if (outcomeOf(answer) === 'passed') {
            toast.success(inspectionPassed());
            void backToDashboard(answer.position);
          } else setResult(answer);
        }}
      />
    );
  }

  return (
    <>
      <PageHeader title={t('common.appName')} backTo="/driver" />
      <Container component="main" maxWidth="sm" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={2}>
          <Box>
            <Typography variant="h5" component="h1">
              {t('driver.inspection.dailyTitle')}
            </Typography>
            {vehicleType && (
              <Typography color="text.secondary" data-testid="inspection-vehicle">
                {t('inspection.driver.vehicle', { type: vehicleType })}
              </Typography>
            )}
          </Box>
          {body}
        </Stack>
      </Container>
    </>
  );
}

function InspectionForm({ items, onDone }: { items: readonly ChecklistItem[]; onDone: (result: InspectionResult) => void }) {
  const { t } = useTranslation();
  const submit = useSubmitInspection();
  const [answers, setAnswers] = useState<Answers>(NO_ANSWERS);
  const [showNoteErrors, setShowNoteErrors] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const answered = answeredCount(items, answers);
  const complete = answered === items.length;
  const busy = submit.isPending;

  const change = (id: string, answer: Answer) => {
    setAnswers((current) => withAnswer(current, id, answer));
    setRefusal(null);
  };

  async function send() {
    const checked = checkInspection(items, answers);
    if ('error' in checked) {
      setShowNoteErrors(true);
      setRefusal(checked.error);
      const [first] = checked.noteErrors.keys();
      if (first) document.querySelector<HTMLElement>(`[data-testid="inspection-item-${first}"] textarea`)?.focus();
      return;
    }
    try {
      onDone(await submit.mutateAsync(checked.body));
    } catch (error) {
      // His answers stay as they are: he can send them again.
      setRefusal(messageOf(error, t('inspection.driver.sendFailed')));
    }
  }

  return (
    <Box
      component="form"
      aria-label={t('driver.inspection.dailyTitle')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Typography sx={{ mb: 2 }}>{t('inspection.driver.intro')}</Typography>
      <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {items.map((item, index) => {
          const answer = answerOf(answers, item.id);
          return (
            <InspectionItemRow
              key={item.id}
              item={item}
              number={index + 1}
              answer={answer}
              noteError={showNoteErrors ? noteErrorOf(answer) : null}
              disabled={busy}
              onChange={(next) => change(item.id, next)}
              onPhotos={(photos) => setAnswers((current) => withAnswer(current, item.id, { ...answerOf(current, item.id), photos }))}
            />
          );
        })}
      </Stack>
      <Paper elevation={3} square sx={{ position: 'sticky', bottom: 0, mt: 2, mx: { xs: -1.5, sm: 0 }, p: 1.5, zIndex: 1 }}>
        <Stack spacing={1}>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="inspection-progress">
            {t('inspection.driver.progress', { answered, total: items.length })}
          </Typography>
          {/* No ripple: in this sticky bar Chromium scrolled the page by the ripple's press (129 px at 390 px wide), so
              the release landed on a Fault button and the press was lost. A focus outline stands in for it. */}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={!complete || busy}
            disableRipple
            sx={{
              minHeight: 56,
              fontSize: '1.1rem',
              '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
            }}
            startIcon={busy ? <CircularProgress size={20} color="inherit" aria-hidden="true" /> : undefined}
          >
            {busy ? t('inspection.driver.submitting') : t('inspection.driver.submit')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
