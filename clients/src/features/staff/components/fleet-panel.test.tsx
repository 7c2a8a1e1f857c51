import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FleetAnswer } from '@plantride/schemas';
import { FleetPanel } from './fleet-panel';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const figures = {
  breakdowns: 0,
  operatingHours: 4,
  operatingMinutes: 240,
  mtbfHours: null,
  mttrHours: null,
  downtimeHours: 0,
  downtimeMinutes: 0,
  inspectionCompliance: 1,
};
const forklifts = {
  ...figures,
  breakdowns: 3,
  operatingHours: 12,
  operatingMinutes: 720,
  mtbfHours: 4,
  mttrHours: 1.67,
  downtimeHours: 5,
  downtimeMinutes: 300,
  inspectionCompliance: 0.833,
};
const ANSWER: FleetAnswer = {
  from: '2026-03-01',
  to: '2026-03-07',
  vehicleTypes: [{ vehicleType: 'Forklift', ...forklifts }],
  total: forklifts,
  vehicles: [
    { vehicle: 'MH12 A', vehicleType: 'Forklift', ...figures },
    {
      vehicle: 'MH12 B',
      vehicleType: 'Forklift',
      ...figures,
      breakdowns: 2,
      mtbfHours: 2,
      mttrHours: 1.5,
      downtimeHours: 3,
      downtimeMinutes: 180,
      inspectionCompliance: 0.5,
    },
    {
      vehicle: 'MH12 C',
      vehicleType: 'Forklift',
      ...figures,
      breakdowns: 1,
      mtbfHours: 4,
      mttrHours: 2,
      downtimeHours: 2,
      downtimeMinutes: 120,
    },
  ],
};

function renderPanel(answer: FleetAnswer) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FleetPanel filters={{ from: '2026-03-01', to: '2026-03-07', vehicleType: '' }} />
    </QueryClientProvider>,
  );
}

const vehicles = () =>
  within(screen.getByRole('table', { name: 'Fleet per vehicle' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)
    .filter((name) => name !== 'All vehicles');

describe('the Fleet panel (issue #21)', () => {
  beforeEach(() => {
    // recharts measures its box; jsdom has none.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('given three vehicles, when MTBF is clicked and clicked again, then the rows go shortest first, then longest, the unmeasured last both times', async () => {
    renderPanel(ANSWER);
    await screen.findByRole('table', { name: 'Fleet per vehicle' });
    expect(vehicles()).toEqual(['MH12 A', 'MH12 B', 'MH12 C']);
    const row = within(within(screen.getByRole('table', { name: 'Fleet per vehicle' })).getByRole('row', { name: /MH12 B/ }));
    expect(row.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Forklift',
      '2',
      '4 h 00 min',
      '2.0 h',
      '1.5 h',
      '3 h 00 min',
      '50%',
    ]);
    const never = within(within(screen.getByRole('table', { name: 'Fleet per vehicle' })).getByRole('row', { name: /MH12 A/ }));
    expect(never.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Forklift',
      '0',
      '4 h 00 min',
      'no breakdowns',
      '—',
      '0 min',
      '100%',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'MTBF' }));
    expect(screen.getByRole('columnheader', { name: 'MTBF' })).toHaveAttribute('aria-sort', 'ascending');
    expect(vehicles()).toEqual(['MH12 B', 'MH12 C', 'MH12 A']);
    await userEvent.click(screen.getByRole('button', { name: 'MTBF' }));
    expect(vehicles()).toEqual(['MH12 C', 'MH12 B', 'MH12 A']);
  });

  it('given the per type view, when chosen, then one row per vehicle type shows, and the total row is the sum of the vehicles', async () => {
    renderPanel(ANSWER);
    const perVehicle = await screen.findByRole('table', { name: 'Fleet per vehicle' });
    const totalCells = (table: HTMLElement) => within(table).getByRole('row', { name: /^All/ }).querySelectorAll('td');
    // 3 h + 2 h of downtime and 3 × 4 h of operating time: the last row says 5 h and 12 h.
    expect([...totalCells(perVehicle)].map((cell) => cell.textContent)).toEqual([
      '',
      '3',
      '12 h 00 min',
      '4.0 h',
      '1.7 h',
      '5 h 00 min',
      '83%',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Per vehicle type' }));
    const table = screen.getByRole('table', { name: 'Fleet per vehicle type' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Forklift', 'All types']);
    expect(screen.getByTestId('fleet-caption')).toHaveTextContent('Each vehicle type is its vehicles added up, the total its types.');
  });

  it('given no vehicle in the range, then the panel says so, with no table', async () => {
    renderPanel({ ...ANSWER, vehicleTypes: [], vehicles: [] });
    expect(await screen.findByText('No vehicle worked or broke down in this range')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
