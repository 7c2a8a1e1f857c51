import { Alert, Button, Checkbox, FormControlLabel, FormGroup, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { toast } from '../../../lib/toast';
import { SCAN_STEPS, SITE_WIDE, printedShortCode, type ScanStep } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { usePlaceCodes, useSetScanRule } from '../api/place-codes';

/** Each step a scan may be asked for, as the driver's buttons name it (their catalogue keys). */
const SCAN_STEP_KEYS = {
  start: 'staff.site.scans.specialTaskStart',
  materialPicked: 'driver.steps.materialPicked',
  materialDropped: 'driver.steps.materialDropped',
} as const satisfies Record<ScanStep, string>;

/**
 * Issue #34 item 2: which steps need a scan of the place's code, at one place or (SITE_WIDE) at every
 * place; off by default. For a place, its short code and a link to its printable sheet too.
 */
export function ScanRules({ placeId, placeName }: { placeId: string; placeName?: string }) {
  const { t } = useTranslation();
  const codes = usePlaceCodes();
  const setRule = useSetScanRule();
  const siteWide = placeId === SITE_WIDE;
  const titleId = `scan-rules-${placeId === SITE_WIDE ? 'site' : placeId}`;
  const steps = codes.data?.rules.find((rule) => rule.placeId === placeId)?.steps ?? [];
  const everywhere = codes.data?.rules.find((rule) => rule.placeId === SITE_WIDE)?.steps ?? [];
  const code = codes.data?.places.find((place) => place.placeId === placeId) ?? null;

  const toggle = async (step: ScanStep, required: boolean) => {
    try {
      await setRule.mutateAsync({ placeId, step, required });
    } catch (error) {
      toast.error(messageOf(error, t('staff.site.scans.changeFailed')));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2" id={titleId}>
          {siteWide ? t('staff.site.scans.siteTitle') : t('staff.site.scans.placeTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {siteWide
            ? t('staff.site.scans.siteText')
            : placeName
              ? t('staff.site.scans.placeText', { name: placeName })
              : t('staff.site.scans.thisPlaceText')}
        </Typography>
        {codes.isError && <Alert severity="warning">{messageOf(codes.error, t('staff.site.scans.loadFailed'))}</Alert>}
        <FormGroup>
          {SCAN_STEPS.map((step) => (
            <FormControlLabel
              key={step}
              label={
                !siteWide && everywhere.includes(step)
                  ? t('staff.site.scans.askedEverywhere', { step: t(SCAN_STEP_KEYS[step]) })
                  : t(SCAN_STEP_KEYS[step])
              }
              control={
                <Checkbox
                  checked={steps.includes(step) || (!siteWide && everywhere.includes(step))}
                  disabled={!codes.data || setRule.isPending || (!siteWide && everywhere.includes(step))}
                  onChange={(e) => void toggle(step, e.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        {!siteWide && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography data-testid="place-short-code">
              {code?.shortCode ? t('staff.site.scans.code', { code: printedShortCode(code.shortCode) }) : t('staff.site.scans.noCode')}
            </Typography>
            {code?.qrText && (
              <Button component={RouterLink} to={`/site/codes/${encodeURIComponent(placeId)}`} variant="outlined" size="small">
                {t('staff.site.scans.printable')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
