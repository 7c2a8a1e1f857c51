import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LIMITS, type RideReportServerRow } from '@plantride/schemas';
import { ReportFilterControls } from './components/report-filter-controls';
import { RideReportsTable } from './components/ride-reports-table';
import { activeFilters, filtersFromParams, reportQueryString, type ReportFilters } from './report-filters';

describe('ride report filters (SPEC §2)', () => {
  it('given filters, when the query is built, then blanks are left out and dates are dd/MM/yyyy', () => {
    const query = new URLSearchParams(
      reportQueryString({ vehicleType: 'Crane', driverName: '  ', from: '2026-03-01', to: '2026-03-31' }, { page: '2', pageSize: '15' }),
    );
    expect(Object.fromEntries(query)).toEqual({ vehicleType: 'Crane', from: '01/03/2026', to: '31/03/2026', page: '2', pageSize: '15' });
  });

  it('given a URL, when read, then only known non-blank filters are kept, and they read as chips', () => {
    const filters = filtersFromParams(new URLSearchParams('status=completed&driverId=&page=3&junk=1&forkliftNumber=7'));
    expect(filters).toEqual({ status: 'completed', forkliftNumber: '7' });
    expect(activeFilters(filters).map((f) => f.label)).toEqual(['Sticker Number: 7', 'Status: completed']);
    // Plant days read as every screen writes them, not as the URL holds them.
    expect(activeFilters({ from: '2026-03-01', to: '2026-03-31' }).map((f) => f.label)).toEqual(['From: 01 Mar 2026', 'To: 31 Mar 2026']);
  });

  function Harness() {
    const [filters, setFilters] = useState<ReportFilters>({});
    return (
      <>
        <ReportFilterControls filters={filters} onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))} />
        <output data-testid="filters">{JSON.stringify(filters)}</output>
      </>
    );
  }
  const current = () => JSON.parse(screen.getByTestId('filters').textContent ?? '{}') as ReportFilters;

  it("given the filter-by dropdown, when each choice is made, then it offers the spec list (and issue #20's Priority and SLA) and the matching input", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      'None',
      'Vehicle Type',
      'Vehicle Number',
      // The spec's 'Forklift Number': the sticker number, whatever the vehicle (docs/GLOSSARY.md).
      'Sticker Number',
      'Status',
      'Driver ID',
      'Driver Name',
      'Date',
      'Priority',
      'SLA',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Vehicle Type' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Vehicle Type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Forklift', 'Crane', 'AMR', 'Cherry Picker', 'Other']);
    await userEvent.click(screen.getByRole('option', { name: 'Cherry Picker' }));
    expect(current()).toEqual({ vehicleType: 'Cherry Picker' });
  });

  it('given Sticker Number, when letters and three digits are typed in the search bar, then only two digits are kept and sent once typing pauses', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Sticker Number' }));
    const search = screen.getByRole('searchbox', { name: 'Search Sticker Number' });
    await userEvent.type(search, 'a1b23');
    expect(search).toHaveValue('12');
    expect(current()).toEqual({});
    await screen.findByText('{"forkliftNumber":"12"}');
  });

  it('given Priority then SLA in the filter-by dropdown, when Urgent and Missed are chosen, then both filters are set', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Priority' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Priority' }));
    await userEvent.click(screen.getByRole('option', { name: 'Urgent' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by' }));
    await userEvent.click(screen.getByRole('option', { name: 'SLA' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'SLA' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Met', 'Missed']);
    await userEvent.click(screen.getByRole('option', { name: 'Missed' }));
    expect(current()).toEqual({ priority: 'urgent', slaMet: 'false' });
  });

  it('given Date in the filter-by dropdown, when a day is typed in From date, then it is kept yyyy-MM-dd and the day is written under it as dd MMM yyyy', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Date' }));
    const from = screen.getByLabelText('From date');
    expect(from).toHaveAttribute('type', 'date');
    // What a keyboard or the picker leaves in a date input.
    fireEvent.change(from, { target: { value: '2026-03-05' } });
    expect(current()).toEqual({ from: '2026-03-05' });
    expect(from).toHaveAccessibleDescription('05 Mar 2026');
    expect(screen.getByLabelText('To date')).toHaveAttribute('min', '2026-03-05');
  });

  it('given no filter chosen, when a name is typed in the search bar, then it searches driver names', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Driver Name' }), 'ravi');
    await screen.findByText('{"driverName":"ravi"}');
  });
});

describe('ride reports table (SPEC §2, §3)', () => {
  const row: RideReportServerRow = {
    DRIVER_NAME: null,
    REQUESTER_NAME: 'Asha',
    VEHICLE_NUMBER: null,
    FORKLIFT_NUMBER: '07',
    VEHICLE_TYPE: 'Forklift',
    START_TIME: '2026-03-14T08:35:09.000Z',
    MATERIAL_PICK_TIME: null,
    END_TIME: null,
    GAP_PICK_DROP: 12.5,
    GAP_PICK_START: null,
    LAST_MAINTENANCE_DATE: null,
    MAINTENANCE_STATUS: null,
    RIDE_ID: 'R-1',
    FROM_LOCATION: 'main gate',
    TO_LOCATION: 'canteen',
    STATUS: 'started',
    CREATED_AT: '2026-03-14T08:30:00.000Z',
    DRIVER_ID: 'FL01',
    MATERIAL_DROP_TIME: null,
    RIDE_TYPE: 'Regular',
  };

  it('given a row with gaps and missing fields, when shown, then it has the 20 columns, Priority and SLA, the four of the load and the scan overrides, gaps with their unit, the defaults and a link to the audit', () => {
    render(<RideReportsTable rows={[row]} />, { wrapper: MemoryRouter });
    const [header, body] = screen.getAllByRole('row');
    const headers = [...header!.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers.slice(7, 10)).toEqual(['Status', 'Priority', 'SLA']);
    expect(headers.slice(-5)).toEqual(['Load', 'Quantity', 'Weight (kg)', 'Handling', 'Scan overrides']);
    expect(headers).toHaveLength(LIMITS.reportColumns + 7);
    const cells = [...body!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual([
      'R-1',
      'Asha',
      'main gate',
      'canteen',
      'Forklift',
      'Unknown',
      '07',
      // A ride staff may still assign offers Assign driver beside its status (issue #32 item 4).
      'startedAssign driver',
      'Normal',
      '—',
      '14 Mar 2026, 14:00',
      'FL01',
      'Unknown',
      '14 Mar 2026, 14:05',
      'N/A',
      'N/A',
      'N/A',
      // Gaps with their unit on screen (issue #32 item 6); the CSV keeps '12.50 mins'.
      '13 min',
      'N/A',
      'N/A',
      'N/A',
      'Fixed Ride',
      // Booked without saying what is moved.
      '',
      '',
      '',
      '',
      // Every step as it should be: no scan override (issue #34 item 2).
      '',
    ]);
    expect(screen.getByRole('link', { name: 'Audit ride R-1' })).toHaveAttribute('href', '/ride-audit/R-1');
  });

  it('given urgent rides on and off target, when shown, then Priority says Urgent and SLA says met, missed, or — while open', () => {
    render(
      <RideReportsTable
        rows={[
          { ...row, RIDE_ID: 'R-2', PRIORITY: 'urgent', SLA_MET: false },
          { ...row, RIDE_ID: 'R-3', STATUS: 'completed', PRIORITY: 'normal', SLA_MET: true },
        ]}
      />,
      { wrapper: MemoryRouter },
    );
    const cellsOf = (n: number) => [...screen.getAllByRole('row')[n]!.querySelectorAll('td')].map((td) => td.textContent).slice(8, 10);
    expect(cellsOf(1)).toEqual(['Urgent', '✗ missed']);
    expect(cellsOf(2)).toEqual(['Normal', '✓ met']);
  });
});

describe('the report filters of issue #20: priority and SLA', () => {
  it('given Priority and SLA chosen, when the query is built and the chips read, then the server gets priority and slaMet and the chips name them in words', () => {
    const filters = filtersFromParams(new URLSearchParams('priority=urgent&slaMet=false'));
    expect(Object.fromEntries(new URLSearchParams(reportQueryString(filters)))).toEqual({ priority: 'urgent', slaMet: 'false' });
    expect(activeFilters(filters).map((f) => f.label)).toEqual(['Priority: Urgent', 'SLA: Missed']);
  });
});
