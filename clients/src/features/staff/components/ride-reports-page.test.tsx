import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RideReportsPage } from './ride-reports-page';

afterEach(() => vi.unstubAllGlobals());

/** The width the page's stylesheet gives `element` under each media condition (jsdom applies them all at once). */
function widthsByMedia(element: HTMLElement): Record<string, string> {
  const classes = [...element.classList].filter((name) => name.startsWith('css-'));
  const widths: Record<string, string> = {};
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!(rule instanceof CSSMediaRule)) continue;
      for (const inner of rule.cssRules) {
        if (inner instanceof CSSStyleRule && classes.some((name) => inner.selectorText === `.${name}`) && inner.style.width) {
          widths[rule.conditionText.replace(/\s/g, '')] = inner.style.width;
        }
      }
    }
  }
  return widths;
}

describe('ride reports filter bar on a phone (issue #32)', () => {
  it('given active filters, then Clear All Filters takes a full line below 600 px, and the chips wrap with gaps, not margins', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ rideReports: [], total: 0 }), { status: 200 })),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/ride-reports?vehicleType=Crane&driverName=Ravi%20Kumar']}>
          <RideReportsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const clear = screen.getByRole('button', { name: 'Clear All Filters' });
    expect(clear).toBeEnabled();
    expect(widthsByMedia(clear)).toEqual({ '(min-width:0px)': '100%', '(min-width:600px)': 'auto' });
    // A wrapped item carries no left margin past the edge: the row spaces with gap.
    const row = clear.parentElement as HTMLElement;
    expect(getComputedStyle(row).flexWrap).toBe('wrap');
    expect(getComputedStyle(row).gap).toBe('8px');
    expect(getComputedStyle(clear).marginLeft).toMatch(/^(0px)?$/);
  });
});
