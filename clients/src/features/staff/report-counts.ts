import { i18n } from '../../i18n/i18n';

/** What the server counted: `capped` when more rows match than it counted (the total is then a lower bound). */
export interface ReportCount {
  total: number;
  capped: boolean;
}

/**
 * The 'Showing X of Y records' and 'Page N of M' texts of the ride reports screen, and whether Next
 * leads anywhere. Broad filters over a million rides are counted only up to a cap: those counts read
 * 'N+' and Next stays open past the pages counted.
 */
export function reportCountTexts(filtered: ReportCount, all: ReportCount, page: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(filtered.total / pageSize));
  const allTotal = Math.max(all.total, filtered.total);
  const allCapped = (all.capped && all.total >= filtered.total) || filtered.capped;
  const atLeast = (n: number, more: boolean) => (more ? `${n}+` : String(n));
  const shown = Math.min(page, pages);
  return {
    showing:
      filtered.capped || allCapped
        ? i18n.t('staff.reports.showing', { shown: atLeast(filtered.total, filtered.capped), total: atLeast(allTotal, allCapped) })
        : i18n.t('staff.reports.showing', { shown: filtered.total, total: allTotal }),
    pageOf: i18n.t('staff.reports.pageOf', { page: shown, pages: filtered.capped ? `${pages}+` : pages }),
    nextOpen: page < pages || filtered.capped,
  };
}
